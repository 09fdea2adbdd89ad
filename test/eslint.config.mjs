// The lint of the tests, the emulator and (through bench/eslint.config.mjs) the benchmarks. They are
// not shipped: they need fs, http, timers and process, which n8n's Cloud rules forbid in nodes, so the
// root eslint.config.mjs (n8n's stock config, checked by `n8n-node lint` in strict mode) covers only
// what ships. `npm run lint` runs ESLint with the flag that makes each file take its nearest config.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{ linterOptions: { reportUnusedDisableDirectives: 'off' } },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } },
		rules: {
			// Tests reach into n8n's and X's untyped JSON on purpose.
			'@typescript-eslint/no-explicit-any': 'off',
			// `npm run typecheck` (noUnusedLocals, noUnusedParameters) checks these.
			'@typescript-eslint/no-unused-vars': 'off',
			// Numbers beyond 2^53 and runs of spaces are test data here (X's IDs, careless input).
			'no-loss-of-precision': 'off',
			'no-regex-spaces': 'off',
			// A variable read by a shutdown handler declared before it is assigned.
			'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
		},
	},
);
