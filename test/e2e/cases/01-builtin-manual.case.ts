/** Proves the runner end to end with n8n's own nodes only: Manual Trigger -> Edit Fields -> Code. */
import { defineCase } from '../types';

export default defineCase({
	name: 'built-in: manual trigger -> set -> code',
	workflow: {
		nodes: [
			{ id: 'n1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'n2',
				name: 'Set',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					assignments: {
						assignments: [
							{ id: 'a1', name: 'greeting', value: 'hello', type: 'string' },
							{ id: 'a2', name: 'count', value: 2, type: 'number' },
						],
					},
					options: {},
				},
			},
			{
				id: 'n3',
				name: 'Code',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [440, 0],
				parameters: {
					jsCode: [
						'const { greeting, count } = $input.first().json;',
						'return Array.from({ length: count }, (_, i) => ({ json: { text: `${greeting} #${i + 1}`, index: i } }));',
					].join('\n'),
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
			Set: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
		},
	},
	expect: {
		status: 'success',
		executedNodes: ['Start', 'Set', 'Code'],
		node: 'Code',
		itemCount: 2,
		items: [
			{ text: 'hello #1', index: 0 },
			{ text: /#2$/, index: { $type: 'number' } },
		],
		outputs: { Set: { items: [{ greeting: 'hello', count: 2 }] } },
	},
});
