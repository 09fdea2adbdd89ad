/**
 * An ID with stray whitespace (an account ID copied from a sheet cell, "18ce54d4x5t ") is named as
 * such, in the editor (n8n's own check of a resource locator's By ID rules, NodeHelpers) and at run
 * time (the check before any request), instead of "Not a valid ID".
 */
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';

const description = new XAds().description;

/** The editor's issues for Account → Get with the Account given By ID. */
function accountIssues(value: string): string[] {
	const parameters: INodeParameters = { resource: 'account', operation: 'get', account: { __rl: true, mode: 'id', value } };
	const node: INode = { id: 'n', name: 'X Ads', type: 'n8n-nodes-x-ads.xAds', typeVersion: 2, position: [0, 0], parameters };
	const issues = NodeHelpers.getNodeParametersIssues(description.properties, node, description);
	return (issues?.parameters?.account as string[] | undefined) ?? [];
}

describe('an ID with stray whitespace, in the editor', () => {
	it('names a trailing or a leading space, and only that', () => {
		expect(accountIssues('18ce54d4x5t ')).toEqual(['Has a trailing space: remove it']);
		expect(accountIssues(' 18ce54d4x5t')).toEqual(['Has a leading space: remove it']);
		expect(accountIssues('\t18ce54d4x5t ')).toEqual(['Has a leading space: remove it', 'Has a trailing space: remove it']);
	});

	it('a good ID has no issue; a bad one is still "Not a valid ID" with the rule', () => {
		expect(accountIssues('18ce54d4x5t')).toEqual([]);
		expect(accountIssues('18ce-54d4')).toEqual(['Not a valid ID: an X Ads account ID (letters and digits, e.g. 18ce54d4x5t)']);
	});
});
