/** Error expectations: a failing node is reported with its name and message. */
import { defineCase } from '../types';

export default defineCase({
	name: 'built-in: node error is reported',
	workflow: {
		nodes: [
			{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				name: 'Fail',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { jsCode: "throw new Error('deliberate e2e failure');" },
			},
		],
		connections: { Start: { main: [[{ node: 'Fail', type: 'main', index: 0 }]] } },
	},
	expect: {
		error: { node: 'Fail', message: /deliberate e2e failure/ },
	},
});
