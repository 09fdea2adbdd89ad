/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Test-only start node 'test.items': emits the items given in its `items` parameter
 * (a JSON string or an array of objects), so workflows get input without n8n-nodes-base.
 * An object's "$binary" key becomes the item's binary data: {"<property>": {data (base64), mimeType, fileName}}.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

export const ITEMS_NODE_TYPE = 'test.items';

export class TestItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Test Items',
		name: ITEMS_NODE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Emits fixed items (engine test harness only)',
		defaults: { name: 'Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Items',
				name: 'items',
				type: 'json',
				default: '[{}]',
				description: 'JSON array of objects; each becomes one output item',
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as unknown;
		let parsed: unknown = raw;
		if (typeof raw === 'string') {
			try {
				parsed = JSON.parse(raw === '' ? '[]' : raw);
			} catch (error) {
				throw new NodeOperationError(this.getNode(), `Parameter "items" is not valid JSON: ${(error as Error).message}`);
			}
		}
		const list = Array.isArray(parsed) ? parsed : [parsed];
		return [
			list.map((entry) => {
				const { $binary, ...json } = (entry ?? {}) as IDataObject;
				return { json, ...($binary ? { binary: $binary as INodeExecutionData['binary'] } : {}), pairedItem: { item: 0 } };
			}),
		];
	}
}
