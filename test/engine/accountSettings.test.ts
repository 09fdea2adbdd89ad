/**
 * Account reference data and settings through the engine against the emulator
 * (https://docs.x.com/x-ads-api/campaign-management/reference): IAB and content categories,
 * bidding rules, publishers, authenticated user access, tracking tags, tax settings, user settings
 * and recommendations (version 5).
 */
import type { INodeParameters } from 'n8n-workflow';

import { engineSuite, suiteHelpers } from './env';

const env = engineSuite();
const { fx, requests, q, ads: ok } = suiteHelpers(env);

const settings = () => env.emulator.control.state().ads.production.accountSettings;
const account = () => fx().accountId;

async function refused(parameters: INodeParameters) {
	const result = await env.ads(parameters);
	expect(result.error).toBeDefined();
	return result.error as Error & { description?: string; httpCode?: string };
}

describe('Reference data (no account)', () => {
	it('IAB categories: Return All takes the whole list, a Limit is sent as count', async () => {
		const all = await ok({ resource: 'iabCategory', operation: 'getAll', returnAll: true });
		expect(all).toHaveLength(12);
		expect(all[1]).toEqual({ id: 'IAB1-1', parent_id: 'IAB1', name: 'Books & Literature' });
		expect(requests()[0].path).toBe('/12/iab_categories');
		const three = await ok({ resource: 'iabCategory', operation: 'getAll', returnAll: false, limit: 3 });
		expect(three.map((c) => c.id)).toEqual(['IAB1', 'IAB1-1', 'IAB1-2']);
		expect(q(requests().at(-1)!.query).get('count')).toBe('3');
	});

	it('content categories, publishers, and bidding rules of one currency', async () => {
		const categories = await ok({ resource: 'contentCategory', operation: 'getAll', returnAll: true });
		expect(categories.map((c) => c.id)).toEqual(['ru', 'sm', 'so', 'se']);
		const publishers = await ok({ resource: 'publisher', operation: 'getAll', returnAll: false, limit: 2 });
		expect(publishers).toHaveLength(2);
		expect(publishers[0]).toMatchObject({ user_id: '1353868435021721602', content_category_ids: ['ru'] });
		const usd = await ok({ resource: 'biddingRule', operation: 'getAll', returnAll: true, options: { currency: 'USD' } });
		expect(usd).toEqual([{ currency: 'USD', minimum_cpe_bid_local_micro: 10000, maximum_cpe_bid_local_micro: 1000000000, minimum_denomination: 10000, total_count: 1 }]);
		expect(q(requests().at(-1)!.query).get('currency')).toBe('USD');
		expect((await refused({ resource: 'biddingRule', operation: 'getAll', returnAll: true, options: { currency: 'usd' } })).message).toMatch(/Currency \(currency\) must be an ISO 4217 currency code/);
	});
});

describe('Authenticated User Access', () => {
	it("gives the credential's user and its permissions in the account", async () => {
		const [access] = await ok({ resource: 'authenticatedUserAccess', operation: 'get', account: account() });
		expect(access).toEqual({ user_id: env.emulator.users[0].userId, permissions: ['ACCOUNT_ADMIN', 'TWEET_COMPOSER'] });
	});
});

describe('Tracking Tag', () => {
	it('creates on a line item, gets, updates the URL, lists by line item and deletes', async () => {
		const lineItem = fx().lineItems.reach;
		const url = 'https://ad.doubleclick.net/ddm/trackclk/N1.acme/B2;dc_trk_aid=3';
		const [tag] = await ok({ resource: 'trackingTag', operation: 'create', account: account(), lineItemId: lineItem, trackingTagType: 'CLICK_TRACKER', trackingTagUrl: url });
		expect(tag).toMatchObject({ line_item_id: lineItem, tracking_tag_type: 'CLICK_TRACKER', tracking_tag_url: url, deleted: false });
		expect(q(requests()[0].query).get('tracking_tag_url')).toBe(url);
		const id = String(tag.id);
		const [updated] = await ok({ resource: 'trackingTag', operation: 'update', account: account(), trackingTagId: id, trackingTagUrl: `${url};v=2` });
		expect(updated.tracking_tag_url).toBe(`${url};v=2`);
		const byLineItem = await ok({ resource: 'trackingTag', operation: 'getAll', account: account(), returnAll: true, filters: { lineItemIds: lineItem } });
		expect(byLineItem.map((t) => t.id)).toEqual([id]);
		const [seed] = await ok({ resource: 'trackingTag', operation: 'get', account: account(), trackingTagId: fx().trackingTagId });
		expect(seed).toMatchObject({ tracking_tag_type: 'IMPRESSION_TAG', line_item_id: fx().lineItems.engagements });
		const [deleted] = await ok({ resource: 'trackingTag', operation: 'delete', account: account(), trackingTagId: id });
		expect(deleted).toMatchObject({ id, deleted: true });
		expect(settings().trackingTags.get(id)?.deleted).toBe(true);
	});

	it('refuses a tag type X does not list and a URL that is not one, before sending', async () => {
		const base = { resource: 'trackingTag', operation: 'create', account: account(), lineItemId: fx().lineItems.reach };
		expect((await refused({ ...base, trackingTagType: 'VIEW_TAG', trackingTagUrl: 'https://a.example' })).message).toMatch(/Tracking Tag Type \(tracking_tag_type\) must be one of IMPRESSION_TAG, CLICK_TRACKER/);
		expect((await refused({ ...base, trackingTagType: 'IMPRESSION_TAG', trackingTagUrl: 'doubleclick' })).message).toMatch(/Tracking Tag URL \(tracking_tag_url\) must be a URL/);
		expect(requests()).toEqual([]);
	});
});

describe('Tax Settings', () => {
	it('gets, and updates the owner and client addresses (the company name is address_company in the answer)', async () => {
		const [tax] = await ok({ resource: 'taxSettings', operation: 'get', account: account() });
		expect(tax).toMatchObject({ tax_id: 'GB896391250', address_country: 'GB', tax_category: 'BUSINESS_WITH_VAT', address_email: null });
		const [updated] = await ok({
			resource: 'taxSettings',
			operation: 'update',
			account: account(),
			updateFields: { addressName: 'Acme Shoes Europe', addressEmail: 'tax@acme-shoes.example', businessRelationship: 'AGENCY', clientAddressCountry: 'IE' },
		});
		expect(updated).toMatchObject({ address_company: 'Acme Shoes Europe', address_email: 'tax@acme-shoes.example', business_relationship: 'AGENCY', client_address_country: 'IE' });
		const sent = q(requests().at(-1)!.query);
		expect(sent.get('address_name')).toBe('Acme Shoes Europe');
		expect(requests().at(-1)!.method).toBe('PUT');
	});

	it('refuses before sending: a country that is not a two-letter code, an email that is not one, a tax category X does not list, nothing to change', async () => {
		const base = { resource: 'taxSettings', operation: 'update', account: account() };
		expect((await refused({ ...base, updateFields: { addressCountry: 'GBR' } })).message).toMatch(/Address Country \(address_country\) must be a two-letter country code/);
		expect((await refused({ ...base, updateFields: { clientAddressEmail: 'tax at acme' } })).message).toMatch(/Client Address Email \(client_address_email\) must be an email address/);
		expect((await refused({ ...base, updateFields: { taxCategory: 'COMPANY' } })).message).toMatch(/Tax Category \(tax_category\) must be one of/);
		expect((await refused(base)).message).toMatch(/Update Fields needs at least one field to change/);
		expect(requests()).toEqual([]);
	});
});

describe('User Settings', () => {
	it("gets and updates the credential's user's notification email and phone", async () => {
		const user = env.emulator.users[0].userId;
		const [got] = await ok({ resource: 'userSettings', operation: 'get', account: account(), userId: user });
		expect(got).toEqual({ notification_email: 'acme_ads@acme-shoes.example', contact_phone: '', contact_phone_extension: '' });
		const [updated] = await ok({ resource: 'userSettings', operation: 'update', account: account(), userId: user, updateFields: { notificationEmail: 'ads@acme-shoes.example', contactPhone: '+44 20 7946 0000', contactPhoneExtension: '12' } });
		expect(updated).toEqual({ notification_email: 'ads@acme-shoes.example', contact_phone: '+44 20 7946 0000', contact_phone_extension: '12' });
		expect(requests().at(-1)!.path).toBe(`/12/accounts/${account()}/user_settings/${user}`);
	});

	it('refuses a user ID that is not a number and an email that is not one, before sending', async () => {
		expect((await refused({ resource: 'userSettings', operation: 'get', account: account(), userId: '@acme_ads' })).message).toMatch(/User ID \(user_id\) must be a numeric X user ID/);
		expect((await refused({ resource: 'userSettings', operation: 'update', account: account(), userId: '1', updateFields: { notificationEmail: 'ads' } })).message).toMatch(/Notification Email \(notification_email\) must be an email address/);
		expect(requests()).toEqual([]);
	});
});

describe('Recommendation', () => {
	it('lists and gets on version 5 of the Ads API', async () => {
		const list = await ok({ resource: 'recommendation', operation: 'getAll', account: account(), returnAll: true });
		expect(list).toEqual([expect.objectContaining({ id: fx().recommendationId, account_id: account(), status: 'PENDING', total_count: 1 })]);
		expect(requests()[0].path).toBe(`/5/accounts/${account()}/recommendations`);
		const [one] = await ok({ resource: 'recommendation', operation: 'get', account: account(), recommendationId: fx().recommendationId });
		expect(one.changes).toEqual([expect.objectContaining({ entity_type: 'campaigns', operation_type: 'Update' })]);
		expect(requests().at(-1)!.path).toBe(`/5/accounts/${account()}/recommendations/${fx().recommendationId}`);
	});
});
