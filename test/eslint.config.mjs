// The lint of the tests, the emulator and the benchmarks (`npm run lint:tests`). They are not shipped:
// they need fs, http, timers and process, which n8n's Cloud rules forbid in nodes. n8n's stock
// eslint.config.mjs (checked unchanged by `n8n-node lint` in strict mode) lints every .ts file, so a
// non-shipped file that breaks its rules opens with a `/* eslint-disable -- Not shipped ... */` line;
// `npm run lint:tests` runs this config with --no-inline-config, so that line does not silence it here.
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
			// Tests load some modules lazily: after the environment they read is set, or as a fresh copy.
			'@typescript-eslint/no-require-imports': 'off',
			// The harness hands its own fields to an object literal's getters.
			'@typescript-eslint/no-this-alias': ['error', { allowedNames: ['harness'] }],
			// A variable read by a shutdown handler declared before it is assigned.
			'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
		},
	},
);
