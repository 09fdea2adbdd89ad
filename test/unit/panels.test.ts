/**
 * The panels as a person fills them (issue 37): Analytics asks for the entity, its IDs, the time
 * range and the metrics before how to run and what to output; Metric Groups starts with a value
 * X accepts; every collection's button says what it adds (Add Option, Add Filter, Add Field).
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { XAds } from '../../nodes/XAds/XAds.node';
import { XOAuth } from '../../nodes/XOAuth/XOAuth.node';
import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';
import { XWebhooks } from '../../nodes/XWebhooks/XWebhooks.node';

const properties = new XAds().description.properties;

/** The parameters of one operation, in panel order. */
const panel = (resource: string, operation: string) =>
	properties.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation)).map((p) => p.name);

describe('Analytics panels', () => {
	it('Run Report: entity, IDs, time range and metrics come before Mode and Output', () => {
		expect(panel('analytics', 'report')).toEqual(['account', 'entity', 'entityIds', 'startTime', 'endTime', 'granularity', 'metricGroups', 'placement', 'reportMode', 'statsOutput', 'waitOptions', 'additionalFields']);
	});

	it('Get Stats and Get Active Entities: Output after what is asked for', () => {
		expect(panel('analytics', 'getStats').slice(0, 9)).toEqual(['account', 'entity', 'entityIds', 'startTime', 'endTime', 'granularity', 'metricGroups', 'placement', 'statsOutput']);
		expect(panel('analytics', 'getActiveEntities').slice(0, 6)).toEqual(['account', 'entity', 'startTime', 'endTime', 'activeOutput', 'groupRounding']);
	});

	it('Metric Groups starts with ENGAGEMENT and BILLING (impressions, engagements and spend)', () => {
		const groups = properties.filter((p) => p.name === 'metricGroups');
		expect(groups.map((p) => [p.displayOptions?.show?.operation, p.default])).toEqual([[['getStats', 'report'], ['ENGAGEMENT', 'BILLING']]]);
	});
});

/** Every collection of a node's properties, nested ones included. */
function collections(list: INodeProperties[]): INodeProperties[] {
	return list.flatMap((p) => [...(p.type === 'collection' ? [p] : []), ...collections(((p.options ?? []) as INodeProperties[]).filter((o) => 'type' in o))]);
}

describe('collection buttons', () => {
	const nodes: INodeType[] = [new XAds(), new XWebhooks(), new XOAuth(), new XTrigger()];
	const all = nodes.flatMap((n) => collections(n.description.properties).map((c) => ({ node: n.description.name, label: c.displayName, placeholder: c.placeholder })));

	it('Media Upload\'s Options says Add Option', () => {
		const media = properties.find((p) => p.type === 'collection' && p.displayOptions?.show?.resource?.includes('media') && p.displayOptions?.show?.operation?.includes('upload'));
		expect({ label: media?.displayName, placeholder: media?.placeholder }).toEqual({ label: 'Options', placeholder: 'Add Option' });
	});

	it('every collection named ... Options, ... Filters or ... Fields says Add Option, Add Filter or Add Field', () => {
		expect(all.length).toBeGreaterThan(50);
		const wrong = all.filter(({ label, placeholder }) => {
			const want = /Options$/.test(label) ? 'Add Option' : /Filters$/.test(label) ? 'Add Filter' : /Fields$/.test(label) ? 'Add Field' : undefined;
			return want !== undefined && placeholder !== want;
		});
		expect(wrong).toEqual([]);
	});
});
