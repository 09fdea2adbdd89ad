/**
 * Account reference data and settings (https://docs.x.com/x-ads-api/campaign-management/reference):
 * IAB categories, content categories, bidding rules and publishers (the same for everyone), and per
 * account tracking tags, tax settings, user settings and recommendations: records, seed, fixtures.
 */
import type { AdsEnvironment, Store } from '../store';
import { adsId, adsTime } from '../util';

export interface TrackingTagRecord {
	accountId: string;
	id: string;
	line_item_id: string;
	tracking_tag_type: string;
	tracking_tag_url: string;
	created_at: string;
	updated_at: string;
	deleted: boolean;
}

/** Tax settings as X answers them (every field, null when unset). */
export type TaxSettings = Record<string, string | null>;

export interface UserSettings {
	notification_email: string;
	contact_phone: string;
	contact_phone_extension: string;
}

export interface RecommendationRecord {
	accountId: string;
	id: string;
	funding_instrument_id: string;
	status: string;
	message: string;
	/** The suggested changes: a tree of batch operations. */
	changes: unknown[];
	created_at: string;
	updated_at: string;
}

export interface AccountSettingsEnvState {
	trackingTags: Map<string, TrackingTagRecord>;
	/** By account id. */
	taxSettings: Map<string, TaxSettings>;
	/** By "<account id>/<user id>". */
	userSettings: Map<string, UserSettings>;
	recommendations: Map<string, RecommendationRecord>;
}

export interface AccountSettingsSeedIds {
	trackingTagId: string;
	recommendationId: string;
}

export interface AccountSettingsFixtures {
	/** An IMPRESSION_TAG on lineItems.engagements. */
	trackingTagId: string;
	/** A PENDING recommendation of the account. */
	recommendationId: string;
}

export const newAccountSettingsSeedIds = (): AccountSettingsSeedIds => ({ trackingTagId: adsId(4), recommendationId: adsId(12).toLowerCase() });

export const accountSettingsFixtures = (ids: AccountSettingsSeedIds): AccountSettingsFixtures => ({ ...ids });

export function emptyAccountSettingsEnv(): AccountSettingsEnvState {
	return { trackingTags: new Map(), taxSettings: new Map(), userSettings: new Map(), recommendations: new Map() };
}

/** The fields of GET tax_settings, in X's order; PUT may set each address_* and client_address_* too. */
export const TAX_FIELDS = [
	'tax_id',
	'address_city',
	'business_relationship',
	'address_street1',
	'address_last_name',
	'address_company',
	'tax_category',
	'address_postal_code',
	'bill_to',
	'address_region',
	'address_country',
	'address_first_name',
	'invoice_jurisdiction',
	'address_street2',
	'address_email',
] as const;

// ---- Reference data (the same for every user) -------------------------------------------------

/** 12 IAB categories: 4 top-level ones, each with two children. */
export const IAB_CATEGORIES = [
	['IAB1', null, 'Arts & Entertainment'],
	['IAB1-1', 'IAB1', 'Books & Literature'],
	['IAB1-2', 'IAB1', 'Celebrity Fan/Gossip'],
	['IAB2', null, 'Automotive'],
	['IAB2-1', 'IAB2', 'Auto Parts'],
	['IAB2-2', 'IAB2', 'Auto Repair'],
	['IAB8', null, 'Food & Drink'],
	['IAB8-1', 'IAB8', 'American Cuisine'],
	['IAB8-2', 'IAB8', 'Barbecues & Grilling'],
	['IAB17', null, 'Sports'],
	['IAB17-1', 'IAB17', 'Auto Racing'],
	['IAB17-2', 'IAB17', 'Baseball'],
].map(([id, parent_id, name]) => ({ id: id as string, parent_id, name: name as string }));

export const CONTENT_CATEGORIES = [
	{ name: 'Automotive (Cars, Trucks, Racing)', id: 'ru', iab_categories: ['IAB2'], publishers_in_last_thirty_days: 12, videos_monetized_in_last_thirty_days: 316 },
	{ name: 'Entertainment & Pop Culture', id: 'sm', iab_categories: ['IAB1-1', 'IAB1-2'], publishers_in_last_thirty_days: 120, videos_monetized_in_last_thirty_days: 3482 },
	{ name: 'Food & Drink', id: 'so', iab_categories: ['IAB8-1', 'IAB8-2'], publishers_in_last_thirty_days: 24, videos_monetized_in_last_thirty_days: 516 },
	{ name: 'Sports', id: 'se', iab_categories: ['IAB17'], publishers_in_last_thirty_days: 80, videos_monetized_in_last_thirty_days: 2210 },
];

export const BIDDING_RULES = [
	{ currency: 'EUR', minimum_cpe_bid_local_micro: 10000, maximum_cpe_bid_local_micro: 1000000000, minimum_denomination: 10000 },
	{ currency: 'GBP', minimum_cpe_bid_local_micro: 10000, maximum_cpe_bid_local_micro: 1000000000, minimum_denomination: 10000 },
	{ currency: 'JPY', minimum_cpe_bid_local_micro: 1000000, maximum_cpe_bid_local_micro: 100000000000, minimum_denomination: 1000000 },
	{ currency: 'USD', minimum_cpe_bid_local_micro: 10000, maximum_cpe_bid_local_micro: 1000000000, minimum_denomination: 10000 },
];

export const PUBLISHERS = [
	{ monetizable_country_codes: ['US'], promotion_eligible_country_codes: ['US'], username: 'acme_racing_tv', user_id: '1353868435021721602', monetization_restricted: true, content_category_ids: ['ru'] },
	{ monetizable_country_codes: ['GB'], promotion_eligible_country_codes: ['GB', 'IE'], username: 'kitchen_clips', user_id: '1331177123436851206', monetization_restricted: false, content_category_ids: ['so'] },
	{ monetizable_country_codes: ['US'], promotion_eligible_country_codes: ['US', 'CA'], username: 'matchday_live', user_id: '1316808678897455105', monetization_restricted: true, content_category_ids: ['se', 'sm'] },
];

/**
 * The primary account of the environment gets a tracking tag on its first line item, tax settings
 * (a UK business with VAT), the owner's user settings and one recommendation.
 */
export function seedAccountSettings(store: Store, envName: AdsEnvironment, accountId: string, ids: AccountSettingsSeedIds): void {
	const env = store.ads[envName].accountSettings;
	const owner = store.users[0];
	const at = (iso: string) => adsTime(Date.parse(iso));
	const lineItemId = [...store.ads[envName].lineItems.values()].find((li) => li.accountId === accountId)!.id;
	env.trackingTags.set(ids.trackingTagId, {
		accountId,
		id: ids.trackingTagId,
		line_item_id: lineItemId,
		tracking_tag_type: 'IMPRESSION_TAG',
		tracking_tag_url: 'https://ad.doubleclick.net/ddm/trackimp/N1234.acme/B555;dc_trk_aid=1;dc_trk_cid=2',
		created_at: at('2025-12-01T10:00:00Z'),
		updated_at: at('2025-12-01T10:00:00Z'),
		deleted: false,
	});
	const tax: TaxSettings = Object.fromEntries(TAX_FIELDS.map((f) => [f, null]));
	Object.assign(tax, {
		tax_id: 'GB896391250',
		address_city: 'London',
		business_relationship: 'SELF',
		address_street1: '1 Runner Lane',
		address_company: 'Acme Shoes Ltd',
		tax_category: 'BUSINESS_WITH_VAT',
		address_postal_code: 'SW1A 1AA',
		bill_to: 'NOT_SET',
		address_region: 'London',
		address_country: 'GB',
		invoice_jurisdiction: 'NOT_SET',
	});
	env.taxSettings.set(accountId, tax);
	env.userSettings.set(`${accountId}/${owner.userId}`, { notification_email: `${owner.screenName}@acme-shoes.example`, contact_phone: '', contact_phone_extension: '' });
	const campaignSeed = [...store.ads[envName].campaigns.values()].find((c) => c.accountId === accountId);
	env.recommendations.set(ids.recommendationId, {
		accountId,
		id: ids.recommendationId,
		funding_instrument_id: (campaignSeed as { funding_instrument_id?: string } | undefined)?.funding_instrument_id ?? adsId(5),
		status: 'PENDING',
		message: 'Raise the daily budget of Spring Sale',
		changes: [
			{
				entity_type: 'campaigns',
				params: { id: campaignSeed?.id ?? null, daily_budget_amount_local_micro: 60_000_000 },
				operation_type: 'Update',
				dependent_entities: [],
			},
		],
		created_at: at('2025-12-02T10:00:00Z'),
		updated_at: at('2025-12-02T10:00:00Z'),
	});
}
