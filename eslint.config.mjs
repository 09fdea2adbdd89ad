// n8n's community-node lint: eslint-plugin-n8n-nodes-base (community, credentials and nodes presets)
// plus @n8n/eslint-plugin-community-nodes (recommended), the rules n8n's verification applies.
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import communityNodes from '@n8n/eslint-plugin-community-nodes';

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.tools/**', '.cache/**', 'test/**', 'bench/**'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tsParser, parserOptions: { sourceType: 'module' } },
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tsParser, parserOptions: { extraFileExtensions: ['.json'] } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.community.rules },
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.credentials.rules },
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: { ...n8nNodesBase.configs.nodes.rules },
	},
	{
		files: ['**/*.ts', 'package.json'],
		...communityNodes.configs.recommended,
	},
];
