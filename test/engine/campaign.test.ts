/**
 * Campaigns and the new line item operations
 * (https://docs.x.com/x-ads-api/campaign-management/reference#campaigns) through n8n's engine
 * against the emulator: every operation, the rules checked before sending, PAUSED by default,
 * money in and out, batches of 40 with X's all-or-nothing answers mapped back to items.
 */
import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, paired, ads: ok } = suiteHelpers(env);

const account = () => fx().accountId;
const campaign = (operation: string, more: Record<string, unknown> = {}) => ({ resource: 'campaign', operation, account: account(), ...more });
const lineItem = (operation: string, more: Record<string, unknown> = {}) => ({ resource: 'lineItem', operation, account: account(), ...more });
const adsRequests = () => requests().filter((r) => !r.path.includes('/_emulator'));

/** Runs the node expecting an input error; asserts nothing reached X. */
async function refused(parameters: Record<string, unknown>, input?: Array<Record<string, unknown>>): Promise<string> {
	env.emulator.control.clearRequests();
	const result = await env.ads(parameters as never, input as never);
	expect(result.error).toBeDefined();
	expect(adsRequests()).toHaveLength(0);
	return String((result.error as Error).message);
}

describe('Campaign', () => {
	it('lists campaigns with filters, money also in currency units, ids as strings', async () => {
		const all = await ok(campaign('getAll', { returnAll: true }));
		expect(all.map((c) => c.id).sort()).toEqual([...fx().campaignIds].sort());
		const spring = all.find((c) => c.id === fx().campaignIds[0])!;
		expect(spring).toMatchObject({ daily_budget_amount_local_micro: 50_000_000, daily_budget_amount: '50.00', total_budget_amount: null, currency: 'USD' });
		expect(typeof spring.funding_instrument_id).toBe('string');
		env.emulator.control.clearRequests();
		const byFunding = await ok(campaign('getAll', { returnAll: false, limit: 10, filters: { fundingInstrumentIds: fx().fundingInstrumentIds[1], q: 'app', sortBy: 'name-asc' } }));
		expect(byFunding.map((c) => c.id)).toEqual([fx().campaignIds[1]]);
		const sent = q(adsRequests()[0].query);
		expect(sent.get('funding_instrument_ids')).toBe(fx().fundingInstrumentIds[1]);
		expect(sent.get('q')).toBe('app');
		expect(sent.get('count')).toBe('10');
	});

	it('creates a campaign PAUSED by default, converting currency units exactly', async () => {
		env.emulator.control.clearRequests();
		const [created] = await ok(campaign('create', { fundingInstrument: fx().fundingInstrumentIds[0], name: 'Summer', additionalFields: { dailyBudgetAmountLocalMicro: '12.34', totalBudgetAmountLocalMicro: '100' } }));
		expect(created).toMatchObject({ name: 'Summer', entity_status: 'PAUSED', daily_budget_amount_local_micro: 12_340_000, daily_budget_amount: '12.34', total_budget_amount: '100.00' });
		const sent = q(adsRequests()[0].query);
		expect(sent.get('entity_status')).toBe('PAUSED');
		expect(sent.get('daily_budget_amount_local_micro')).toBe('12340000');
		const [got] = await ok(campaign('get', { campaign: created.id }));
		expect(got.id).toBe(created.id);
	});

	it('creates ACTIVE only when asked, activates and pauses with entity_status alone', async () => {
		const [created] = await ok(campaign('create', { fundingInstrument: fx().fundingInstrumentIds[0], name: 'Live', entityStatus: 'ACTIVE', amountUnit: 'micro', additionalFields: { dailyBudgetAmountLocalMicro: '5000000' } }));
		expect(created.entity_status).toBe('ACTIVE');
		env.emulator.control.clearRequests();
		const [paused] = await ok(campaign('pause', { campaign: created.id }));
		expect(paused.entity_status).toBe('PAUSED');
		expect(adsRequests()[0].method).toBe('PUT');
		expect([...q(adsRequests()[0].query).entries()]).toEqual([['entity_status', 'PAUSED']]);
		const [active] = await ok(campaign('activate', { campaign: created.id }));
		expect(active.entity_status).toBe('ACTIVE');
	});

	it('updates and deletes a campaign; a second delete says it is gone', async () => {
		const id = fx().campaignIds[1];
		const [updated] = await ok(campaign('update', { campaign: id, updateFields: { name: 'Apps 2026', totalBudgetAmountLocalMicro: '250.5' } }));
		expect(updated).toMatchObject({ name: 'Apps 2026', total_budget_amount_local_micro: 250_500_000, total_budget_amount: '250.50' });
		const [deleted] = await ok(campaign('delete', { campaign: id }));
		expect(deleted.deleted).toBe(true);
		const again = await env.ads(campaign('delete', { campaign: id }) as never);
		expect(String((again.error as Error).message)).toMatch(/already deleted/);
	});

	it.each([
		['a daily budget above the total budget', { fundingInstrument: 'abc', name: 'x', additionalFields: { dailyBudgetAmountLocalMicro: '20', totalBudgetAmountLocalMicro: '10' } }, /Daily Budget.*not be above the Total Budget/],
		['a name longer than 255 characters', { fundingInstrument: 'abc', name: 'n'.repeat(256) }, /Name \(name\)/],
		['a purchase order number longer than 50', { fundingInstrument: 'abc', name: 'x', additionalFields: { purchaseOrderNumber: 'p'.repeat(51) } }, /Purchase Order Number/],
		['an amount finer than a micro', { fundingInstrument: 'abc', name: 'x', additionalFields: { dailyBudgetAmountLocalMicro: '1.0000001' } }, /more than 6 decimals/],
	])('refuses %s before sending', async (_why, parameters, message) => {
		expect(await refused(campaign('create', parameters))).toMatch(message);
	});

	it('refuses an update with nothing to change, and a daily budget above the total', async () => {
		expect(await refused(campaign('update', { campaign: fx().campaignIds[0], updateFields: {} }))).toMatch(/at least one field/);
		expect(await refused(campaign('update', { campaign: fx().campaignIds[0], updateFields: { dailyBudgetAmountLocalMicro: '2', totalBudgetAmountLocalMicro: '1' } }))).toMatch(/Total Budget/);
	});

	it('shows X refusing what only X can judge (a funding instrument of another account)', async () => {
		const result = await env.ads(campaign('create', { fundingInstrument: 'zzzzz', name: 'x' }) as never);
		expect(String((result.error as Error).message)).toMatch(/X answered 400/);
	});
});

describe('Campaign batch', () => {
	const batch = (items: Array<Record<string, unknown>>, continueOnFail = false) =>
		env.ads(
			campaign('batch', {
				operationType: '={{ $json.op }}',
				additionalFields: {
					campaignId: '={{ $json.id ?? "" }}',
					fundingInstrumentId: '={{ $json.fi ?? "" }}',
					name: '={{ $json.name ?? "" }}',
					dailyBudgetAmountLocalMicro: '={{ $json.daily ?? "" }}',
				},
			}) as never,
			items as never,
			{ continueOnFail },
		);

	it('sends 85 creates in 3 requests of at most 40, PAUSED, one output per item in order', async () => {
		env.emulator.control.clearRequests();
		const items = Array.from({ length: 85 }, (_, n) => ({ op: 'Create', fi: fx().fundingInstrumentIds[0], name: `Batch ${n}`, daily: '1.5' }));
		const result = await batch(items);
		expect(result.error).toBeUndefined();
		const out = result.output();
		expect(out).toHaveLength(85);
		expect(out.map((i) => i.json.name)).toEqual(items.map((i) => i.name));
		expect(paired(out)).toEqual(items.map((_, n) => n));
		expect(out.every((i) => i.json.entity_status === 'PAUSED' && i.json.daily_budget_amount === '1.50')).toBe(true);
		const posts = adsRequests().filter((r) => r.path.endsWith('/campaigns') && r.method === 'POST');
		expect(posts.map((r) => JSON.parse(r.body).length)).toEqual([40, 40, 5]);
		expect(JSON.parse(posts[0].body)[0]).toEqual({ operation_type: 'Create', params: { funding_instrument_id: fx().fundingInstrumentIds[0], name: 'Batch 0', daily_budget_amount_local_micro: 1_500_000, entity_status: 'PAUSED' } });
	});

	it('updates and deletes in one request', async () => {
		const [a, b] = fx().campaignIds;
		const out = (await batch([{ op: 'Update', id: a, name: 'Renamed' }, { op: 'Delete', id: b }])).output();
		expect(out.map((i) => i.json)).toMatchObject([{ id: a, name: 'Renamed' }, { id: b, deleted: true }]);
	});

	it('maps X refusing one operation back to its item; the rest of that request is not applied', async () => {
		const before = (await ok(campaign('getAll', { returnAll: true }))).length;
		const result = await batch(
			[
				{ op: 'Create', fi: fx().fundingInstrumentIds[0], name: 'Good' },
				{ op: 'Create', fi: 'nope1', name: 'Bad funding' },
			],
			true,
		);
		const out = result.output();
		expect(out[0].json.error).toMatch(/Item 0: not applied, as X refused item 1/);
		expect(out[1].json.error).toMatch(/Item 1: X refused the campaign Create: INVALID_PARAMETER.*funding_instrument_id/);
		expect((await ok(campaign('getAll', { returnAll: true }))).length).toBe(before);
	});

	it('checks each item by its operation type before sending anything', async () => {
		expect(await refused(campaign('batch', { operationType: 'Update', additionalFields: {} }))).toMatch(/Campaign ID \(campaign_id\) is required for Update/);
		expect(await refused(campaign('batch', { operationType: 'Create', additionalFields: { name: 'x' } }))).toMatch(/Funding Instrument ID.*required for Create/);
		expect(await refused(campaign('batch', { operationType: 'Delete', additionalFields: { campaignId: 'abc', name: 'x' } }))).toMatch(/Name \(name\) is not a field of Delete/);
		expect(await refused(campaign('batch', { operationType: 'Update', additionalFields: { campaignId: 'abc', fundingInstrumentId: 'x1' } }))).toMatch(/not a field of Update/);
		expect(await refused(campaign('batch', { operationType: 'Update', additionalFields: { campaignId: 'abc', entityStatus: 'DRAFT' } }))).toMatch(/DRAFT only on Create/);
	});
});

describe('Line item', () => {
	const createParams = (more: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
		lineItem('create', {
			campaign: fx().campaignIds[2],
			objective: 'FOLLOWERS',
			productType: 'PROMOTED_ACCOUNT',
			placements: ['ALL_ON_TWITTER'],
			startTime: '2026-03-01T00:00:00Z',
			endTime: '2026-04-01T00:00:00Z',
			additionalFields: { ...more },
			...extra,
		});

	it('lists line items by campaign and gets one, with money in currency units', async () => {
		const inSpring = await ok(lineItem('getAll', { returnAll: true, filters: { campaignIds: fx().campaignIds[0] } }));
		expect(inSpring.map((li) => li.id).sort()).toEqual([fx().lineItems.engagements, fx().lineItems.reach].sort());
		const reach = inSpring.find((li) => li.id === fx().lineItems.reach)!;
		expect(reach).toMatchObject({ daily_budget_amount: '10.00', total_budget_amount: '100.00', bid_amount: null, funding_instrument_id: fx().fundingInstrumentIds[0] });
		const [one] = await ok(lineItem('get', { lineItem: fx().lineItems.appInstalls }));
		expect(one).toMatchObject({ id: fx().lineItems.appInstalls, total_budget_amount: '250.00' });
	});

	it('creates a line item PAUSED by default with exact money', async () => {
		env.emulator.control.clearRequests();
		const [created] = await ok(createParams({ bidStrategy: 'TARGET', bidAmountLocalMicro: '0.75', totalBudgetAmountLocalMicro: '30', dailyBudgetAmountLocalMicro: '3' }));
		expect(created).toMatchObject({ entity_status: 'PAUSED', bid_amount_local_micro: 750_000, bid_amount: '0.75', daily_budget_amount: '3.00', campaign_id: fx().campaignIds[2] });
		const sent = q(adsRequests()[0].query);
		expect(sent.get('placements')).toBe('ALL_ON_TWITTER');
		expect(sent.get('entity_status')).toBe('PAUSED');
	});

	it('pauses and activates a line item', async () => {
		const [paused] = await ok(lineItem('pause', { lineItem: fx().lineItems.engagements }));
		expect(paused.entity_status).toBe('PAUSED');
		const [active] = await ok(lineItem('activate', { lineItem: fx().lineItems.engagements }));
		expect(active.entity_status).toBe('ACTIVE');
	});

	it.each([
		['MAX for FOLLOWERS', { bidStrategy: 'MAX', bidAmountLocalMicro: '1' }, {}, /Bid Strategy \(bid_strategy\).*MAX/],
		['TARGET without a bid', { bidStrategy: 'TARGET' }, {}, /Bid Amount.*required when Bid Strategy is TARGET/],
		['a bid of zero', { bidAmountLocalMicro: '0' }, {}, /greater than zero/],
		['TARGET for ENGAGEMENTS', { bidStrategy: 'TARGET', bidAmountLocalMicro: '1' }, { objective: 'ENGAGEMENTS' }, /TARGET only for/],
		['APP_INSTALLS without an app store identifier', {}, { objective: 'APP_INSTALLS' }, /App Store Identifier.*required for the APP_INSTALLS objective/],
		['PUBLISHER_NETWORK without a domain', { categories: 'IAB1' }, { placements: ['PUBLISHER_NETWORK'] }, /Advertiser Domain.*PUBLISHER_NETWORK/],
		['PUBLISHER_NETWORK without categories', { advertiserDomain: 'example.com' }, { placements: ['PUBLISHER_NETWORK'] }, /Categories.*PUBLISHER_NETWORK/],
		['WEBSITE_CONVERSIONS without a web event tag', { goal: 'WEBSITE_CONVERSIONS' }, {}, /Primary Web Event Tag/],
		['a goal of another objective', { goal: 'SITE_VISITS' }, {}, /SITE_VISITS is available only for the WEBSITE_CLICKS/],
		['a frequency cap for FOLLOWERS', { frequencyCap: 2 }, {}, /Frequency Cap.*supported only/],
		['a pay-by the goal does not take', { goal: 'APP_INSTALLS', payBy: 'LINK_CLICK', iosAppStoreIdentifier: '333903271' }, { objective: 'APP_INSTALLS' }, /Pay By.*LINK_CLICK is not supported/],
		['a daily budget above the total', { dailyBudgetAmountLocalMicro: '5', totalBudgetAmountLocalMicro: '4' }, {}, /Daily Budget/],
		['an end before the start', {}, { endTime: '2026-02-01T00:00:00Z' }, /Start Time.*before End Time/],
	])('refuses %s before sending', async (_why, more, extra, message) => {
		expect(await refused(createParams(more, extra))).toMatch(message);
	});

	it('batch-creates line items and refuses a Create without its required fields', async () => {
		const out = (
			await env.ads(
				lineItem('batch', {
					operationType: 'Create',
					additionalFields: { campaignId: fx().campaignIds[2], objective: 'FOLLOWERS', productType: 'PROMOTED_ACCOUNT', placements: ['ALL_ON_TWITTER'], startTime: '2026-03-01T00:00:00Z', endTime: '2026-04-01T00:00:00Z', totalBudgetAmountLocalMicro: '9.99' },
				}) as never,
				[{}, {}] as never,
			)
		).output();
		expect(out.map((i) => i.json)).toMatchObject([
			{ entity_status: 'PAUSED', total_budget_amount: '9.99', placements: ['ALL_ON_TWITTER'] },
			{ entity_status: 'PAUSED' },
		]);
		expect(await refused(lineItem('batch', { operationType: 'Create', additionalFields: { campaignId: 'abc' } }))).toMatch(/Objective \(objective\) is required for Create/);
	});
});
