/**
 * Cards: website and app cards and carousels, built from components in the UI
 * (MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON) or given as JSON, checked against X's composition rules.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { inputError } from '../../shared/engine/validation';
import { accountField, idField, idListField, sortByField, withDeletedField } from '../common/fields';
import { MEDIA_KEY } from '../common/mediaFields';
import { simplify } from '../common/simplify';

export const CARD_TYPES = [
	'IMAGE_APP',
	'IMAGE_CAROUSEL_APP',
	'IMAGE_CAROUSEL_WEBSITE',
	'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE',
	'IMAGE_WEBSITE',
	'MIXED_MEDIA_MULTI_DEST_CAROUSEL_WEBSITE',
	'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP',
	'MIXED_MEDIA_SINGLE_DEST_CAROUSEL_WEBSITE',
	'VIDEO_APP',
	'VIDEO_CAROUSEL_APP',
	'VIDEO_CAROUSEL_WEBSITE',
	'VIDEO_MULTI_DEST_CAROUSEL_WEBSITE',
	'VIDEO_WEBSITE',
] as const;

export const BUTTON_LABELS = ['BOOK', 'CONNECT', 'INSTALL', 'OPEN', 'ORDER', 'PLAY', 'SHOP'] as const;
const COMPONENT_TYPES = ['MEDIA', 'SWIPEABLE_MEDIA', 'DETAILS', 'BUTTON'];

type Fail = (field: string, rule: string) => never;

/** One card's components: one media component, and one DETAILS (website) or BUTTON (app) component. */
export function checkComponents(components: unknown, where: string, fail: Fail): void {
	if (!Array.isArray(components) || components.length === 0) fail(where, 'must be a non-empty array of components');
	const list = components as IDataObject[];
	list.forEach((c, n) => {
		const at = `${where}, component ${n + 1} (${String(c?.type)})`;
		if (!c || !COMPONENT_TYPES.includes(String(c.type))) fail(`${where}, component ${n + 1}`, `type must be one of ${COMPONENT_TYPES.join(', ')} (got "${String(c?.type)}")`);
		const destination = c.destination as IDataObject | undefined;
		switch (c.type) {
			case 'MEDIA':
				if (typeof c.media_key !== 'string' || !MEDIA_KEY.pattern.test(c.media_key)) fail(at, `needs media_key, ${MEDIA_KEY.patternRule}`);
				break;
			case 'SWIPEABLE_MEDIA': {
				const keys = c.media_keys as unknown[];
				if (!Array.isArray(keys) || keys.length < 2 || keys.length > 6) fail(at, `needs media_keys: 2 to 6 media keys (got ${Array.isArray(keys) ? keys.length : 'none'})`);
				const bad = keys.find((k) => typeof k !== 'string' || !MEDIA_KEY.pattern.test(k));
				if (bad !== undefined) fail(at, `needs media_keys that are each ${MEDIA_KEY.patternRule} (got ${JSON.stringify(bad)})`);
				break;
			}
			case 'DETAILS':
				if (typeof c.title !== 'string' || !c.title) fail(at, 'needs a title');
				if (destination?.type !== 'WEBSITE') fail(at, 'needs a WEBSITE destination (APP destinations go with BUTTON)');
				if (typeof destination!.url !== 'string' || !/^https?:\/\/\S+$/i.test(destination!.url)) fail(at, 'needs a destination url');
				break;
			case 'BUTTON': {
				const label = c.label as IDataObject | undefined;
				if (label?.type !== 'ENUM' || !BUTTON_LABELS.includes(label.value as (typeof BUTTON_LABELS)[number])) {
					fail(at, `needs a label {type: ENUM, value: one of ${BUTTON_LABELS.join(', ')}} (got ${JSON.stringify(label ?? null)})`);
				}
				if (destination?.type !== 'APP') fail(at, 'needs an APP destination (WEBSITE destinations go with DETAILS)');
				const app = destination!;
				if (typeof app.country_code !== 'string' || !/^[A-Z]{2}$/.test(app.country_code)) fail(at, `needs country_code, an ISO 3166-1 alpha-2 code such as US (got "${String(app.country_code ?? '')}")`);
				if (!app.googleplay_app_id && !app.ios_app_store_identifier) fail(at, 'needs googleplay_app_id or ios_app_store_identifier (or both)');
				if (app.googleplay_deep_link && !app.googleplay_app_id) fail(at, 'has googleplay_deep_link without googleplay_app_id');
				if (app.ios_deep_link && !app.ios_app_store_identifier) fail(at, 'has ios_deep_link without ios_app_store_identifier');
				break;
			}
		}
	});
	const media = list.filter((c) => c.type === 'MEDIA' || c.type === 'SWIPEABLE_MEDIA').length;
	const action = list.filter((c) => c.type === 'DETAILS' || c.type === 'BUTTON').length;
	if (media !== 1) fail(where, `needs exactly one media component, MEDIA or SWIPEABLE_MEDIA (got ${media})`);
	if (action !== 1) fail(where, `needs exactly one DETAILS or BUTTON component (got ${action})`);
}

/** Components or slides, never both; slides are complete cards each. */
function checkCard(values: IDataObject, fail: Fail, creating: boolean): void {
	const { components, slides } = values;
	if (components !== undefined && slides !== undefined) fail('Components (components) and Slides (slides)', 'never go together: give one of them');
	if (creating && components === undefined && slides === undefined) fail('Components (components)', 'are required (or Slides for a multi-destination carousel)');
	if (components !== undefined) checkComponents(components, 'Components (components)', fail);
	if (slides !== undefined) {
		if (!Array.isArray(slides) || slides.length === 0) fail('Slides (slides)', 'must be a non-empty array of component arrays');
		(slides as unknown[]).forEach((slide, n) => checkComponents(slide, `Slides (slides), slide ${n + 1}`, fail));
	}
}

const componentProperty: INodeProperties = {
	displayName: 'Components',
	name: 'components',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Component',
	description: 'In render order, top to bottom: one MEDIA or SWIPEABLE_MEDIA, and one DETAILS (website) or BUTTON (app)',
	default: {},
	displayOptions: { show: { componentsSource: ['ui'] } },
	options: [
		{
			displayName: 'Component',
			name: 'component',
			values: [
				{
					displayName: 'Button Label',
					name: 'label',
					type: 'options',
					options: BUTTON_LABELS.map((value) => ({ name: value[0] + value.slice(1).toLowerCase(), value })),
					default: 'INSTALL',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'Country Code',
					name: 'countryCode',
					type: 'string',
					default: 'US',
					description: 'ISO 3166-1 alpha-2 code of the app store country',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'Google Play App ID',
					name: 'googleplayAppId',
					type: 'string',
					default: '',
					placeholder: 'com.example.app',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'Google Play Deep Link',
					name: 'googleplayDeepLink',
					type: 'string',
					default: '',
					description: 'Only together with a Google Play App ID',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'iOS App Store Identifier',
					name: 'iosAppStoreIdentifier',
					type: 'string',
					default: '',
					placeholder: '333903271',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'iOS Deep Link',
					name: 'iosDeepLink',
					type: 'string',
					default: '',
					description: 'Only together with an iOS App Store Identifier',
					displayOptions: { show: { type: ['BUTTON'] } },
				},
				{
					displayName: 'Media Key',
					name: 'mediaKey',
					type: 'string',
					default: '',
					placeholder: '3_1151345051729682432',
					description: 'A media library image or video',
					displayOptions: { show: { type: ['MEDIA'] } },
				},
				{
					displayName: 'Media Keys',
					name: 'mediaKeys',
					type: 'string',
					default: '',
					description: '2 to 6 media keys, comma-separated',
					displayOptions: { show: { type: ['SWIPEABLE_MEDIA'] } },
				},
				{
					displayName: 'Title',
					name: 'title',
					type: 'string',
					default: '',
					displayOptions: { show: { type: ['DETAILS'] } },
				},
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					options: [
						{
							name: 'Button (App)',
							value: 'BUTTON',
						},
						{
							name: 'Details (Website)',
							value: 'DETAILS',
						},
						{
							name: 'Media',
							value: 'MEDIA',
						},
						{
							name: 'Swipeable Media',
							value: 'SWIPEABLE_MEDIA',
						},
					],
					default: 'MEDIA',
				},
				{
					displayName: 'Website URL',
					name: 'url',
					type: 'string',
					default: '',
					placeholder: 'https://example.com',
					displayOptions: { show: { type: ['DETAILS'] } },
				},
			],
		},
	],
};

const createSourceProperty: INodeProperties = {
	displayName: 'Components From',
	name: 'componentsSource',
	type: 'options',
	options: [
		{ name: 'Component List', value: 'ui' },
		{ name: 'JSON (Components or Slides)', value: 'json' },
	],
	default: 'ui',
};

const updateSourceProperty: INodeProperties = {
	...createSourceProperty,
	options: [{ name: 'Keep the Current Ones', value: 'none' }, ...(createSourceProperty.options ?? [])],
	default: 'none',
};

const jsonProperty: INodeProperties = {
	displayName: 'Card JSON',
	name: 'cardJson',
	type: 'json',
	default: '{\n  "components": [\n    { "type": "MEDIA", "media_key": "3_1151345051729682432" },\n    { "type": "DETAILS", "title": "Shop now", "destination": { "type": "WEBSITE", "url": "https://example.com" } }\n  ]\n}',
	description: 'An object with "components" (an array) or "slides" (an array of component arrays)',
	displayOptions: { show: { componentsSource: ['json'] } },
};

/** The component list of the UI in X's shape. */
function componentsFromUi(list: IDataObject[]): IDataObject[] {
	return list.map((c) => {
		const type = String(c.type);
		const text = (name: string) => (typeof c[name] === 'string' && c[name] !== '' ? (c[name] as string).trim() : undefined);
		if (type === 'MEDIA') return { type, media_key: text('mediaKey') };
		if (type === 'SWIPEABLE_MEDIA') return { type, media_keys: (text('mediaKeys') ?? '').split(',').map((k) => k.trim()).filter(Boolean) };
		if (type === 'DETAILS') return { type, title: text('title'), destination: { type: 'WEBSITE', url: text('url') } };
		const destination: IDataObject = { type: 'APP', country_code: text('countryCode') };
		for (const [param, wire] of [
			['googleplayAppId', 'googleplay_app_id'],
			['googleplayDeepLink', 'googleplay_deep_link'],
			['iosAppStoreIdentifier', 'ios_app_store_identifier'],
			['iosDeepLink', 'ios_deep_link'],
		]) {
			if (text(param)) destination[wire] = text(param);
		}
		return { type, label: { type: 'ENUM', value: c.label }, destination };
	});
}

/** Name from its parameter; components or slides from the list or the JSON. */
function readCard(ctx: IExecuteFunctions, itemIndex: number, readParameters: () => IDataObject): IDataObject {
	const values = readParameters();
	const source = ctx.getNodeParameter('componentsSource', itemIndex) as string;
	if (source === 'ui') {
		const list = ((ctx.getNodeParameter('components', itemIndex, {}) as IDataObject).component ?? []) as IDataObject[];
		values.components = componentsFromUi(list);
	} else if (source === 'json') {
		const raw = ctx.getNodeParameter('cardJson', itemIndex) as string | IDataObject;
		// The user's own JSON parameter, not an answer of X's (those go through jsonReader.ts). null:
		// jsonParse's answer for text that is not JSON (the text "null" is refused below as no object either).
		const card = typeof raw === 'string' ? jsonParse<IDataObject | null>(raw, { fallbackValue: null }) : raw;
		if (card === null && raw !== 'null') throw inputError(ctx.getNode(), itemIndex, 'Card JSON', 'must be valid JSON');
		if (!card || typeof card !== 'object' || Array.isArray(card)) {
			throw inputError(ctx.getNode(), itemIndex, 'Card JSON', 'must be an object with "components" or "slides"');
		}
		const unknown = Object.keys(card).find((k) => k !== 'components' && k !== 'slides');
		if (unknown !== undefined) {
			throw inputError(ctx.getNode(), itemIndex, 'Card JSON', `takes only "components" or "slides" (got "${unknown}"; the name has its own field)`);
		}
		if (card.components !== undefined) values.components = card.components;
		if (card.slides !== undefined) values.slides = card.slides;
	}
	return values;
}

const structureFields: Field[] = [
	{ wire: 'components', label: 'Components', type: 'json', noParameter: true },
	{ wire: 'slides', label: 'Slides', type: 'json', noParameter: true },
];

const path = '/accounts/{account_id}/cards';
const cardUrisField: Field = {
	wire: 'card_uris',
	label: 'Card URIs',
	type: 'list',
	description: 'At most 200, comma-separated',
	rules: { maxItems: 200, pattern: /^card:\/\/\d+$/, patternRule: 'card URIs such as card://1044294149527166979' },
};
const cardIdField = idField('card_id', 'Card ID');


export const cardResource: Resource = {
	name: 'Card',
	value: 'card',
	description: 'Website and app cards and carousels, attached to posts by their card URI',
	endpoints: [
		{
			operation: 'getAll',
			simplify: simplify.card,
			name: 'Get Many',
			action: 'Get many cards',
			description: 'List the cards created through the cards endpoint',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards',
			list: { maxCount: 200 },
			fields: [
				accountField,
				{ wire: 'card_types', label: 'Card Types', type: 'multiOptions', options: CARD_TYPES },
				idListField('card_id', 'Card IDs'),
				cardUrisField,
				{ wire: 'q', name: 'nameStartsWith', label: 'Name Starts With', type: 'string', rules: { maxLength: 80 } },
				{ wire: 'include_legacy_cards', label: 'Include Legacy Cards', type: 'boolean' },
				sortByField,
				withDeletedField,
			],
		},
		{
			operation: 'get',
			simplify: simplify.card,
			name: 'Get',
			action: 'Get a card',
			description: 'Get one card',
			method: 'GET',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-card-id',
			fields: [accountField, cardIdField, withDeletedField],
		},
		{
			operation: 'create',
			name: 'Create',
			action: 'Create a card',
			description: 'Create a card from components (or slides); its card_uri attaches it to posts',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-cards',
			send: 'json',
			fields: [accountField, { wire: 'name', label: 'Name', type: 'string', required: true, rules: { minLength: 1, maxLength: 80 } }, ...structureFields],
			extraProperties: [createSourceProperty, componentProperty, jsonProperty],
			read: readCard,
			check: (values, { fail }) => checkCard(values, fail, true),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a card',
			description: 'Replace a card\'s name, components or slides',
			method: 'PUT',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-cards-card-id',
			send: 'json',
			fields: [accountField, cardIdField, { wire: 'name', label: 'Name', type: 'string', rules: { minLength: 1, maxLength: 80 } }, ...structureFields],
			extraProperties: [updateSourceProperty, componentProperty, jsonProperty],
			read: readCard,
			check: (values, { fail }) => {
				if (values.name === undefined && values.components === undefined && values.slides === undefined) {
					fail('Update Fields', 'needs a new name, components or slides');
				}
				checkCard(values, fail, false);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a card',
			description: 'Delete a card by its ID',
			method: 'DELETE',
			path: `${path}/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-cards-card-id',
			fields: [accountField, cardIdField],
			// X answers the deleted card in an array, as for Get.
			output: (envelope) => [(Array.isArray(envelope.data) ? envelope.data[0] : envelope.data) as IDataObject],
		},
		{
			operation: 'getManyByUri',
			name: 'Get Many by URI',
			action: 'Get many cards of any type by URI',
			description: 'Look up cards of any type (poll, conversation, legacy cards included) by their card URIs, e.g. the card_uri of a post',
			method: 'GET',
			path: `${path}/all`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-all',
			list: { onePage: true },
			fields: [
				accountField,
				{ ...cardUrisField, required: true },
				withDeletedField,
			],
		},
		{
			operation: 'getAnyType',
			name: 'Get Any Type',
			action: 'Get a card of any type',
			description: 'Get one card of any type (poll, conversation, legacy cards included) by its ID',
			method: 'GET',
			path: `${path}/all/{card_id}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-cards-all-card-id',
			fields: [accountField, cardIdField, withDeletedField],
		},
	],
};
