/**
 * What Simplify keeps of each record (n8n's Simplify option, on for new X Ads nodes): the fields a
 * person or an AI agent reads, money in currency units (the micros stay in the raw record). The
 * README's "Use with AI agents and MCP clients" lists them; test/engine/simplify.test.ts checks
 * each against X's records as the emulator serves them.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Simplify } from '../../shared/engine/endpoints';

const keep = (...fields: string[]): Simplify => ({ keep: fields });

export const simplify = {
	account: keep('id', 'name', 'business_name', 'timezone', 'approval_status', 'industry_type', 'deleted'),
	campaign: keep('id', 'name', 'entity_status', 'effective_status', 'funding_instrument_id', 'currency', 'daily_budget_amount', 'total_budget_amount', 'deleted'),
	lineItem: keep('id', 'name', 'campaign_id', 'entity_status', 'objective', 'product_type', 'placements', 'bid_strategy', 'bid_amount', 'goal', 'currency', 'total_budget_amount', 'start_time', 'end_time', 'deleted'),
	fundingInstrument: keep('id', 'description', 'type', 'entity_status', 'currency', 'funded_amount', 'credit_remaining', 'credit_limit', 'able_to_fund', 'start_time', 'end_time', 'deleted'),
	promotedPost: keep('id', 'line_item_id', 'tweet_id', 'entity_status', 'approval_status', 'deleted'),
	targetingCriterion: keep('id', 'line_item_id', 'targeting_type', 'targeting_value', 'name', 'operator_type', 'deleted'),
	customAudience: keep('id', 'name', 'audience_type', 'audience_size', 'targetable', 'reasons_not_targetable', 'description', 'deleted'),
	product: keep('id', 'title', 'availability', 'price', 'sale_price', 'link', 'image_link', 'brand'),
	card: keep('id', 'name', 'card_type', 'card_uri', 'deleted'),
	post: keep('id', 'full_text', 'name', 'created_at'),
	/** Stats rows: the row's own columns and the metrics X reported (not null), money in currency units only. */
	statsRows: {
		keep: (row: IDataObject) => Object.fromEntries(Object.entries(row).filter(([key, value]) => value !== null && !key.endsWith('_local_micro'))),
		showWhen: { statsOutput: ['rows'] },
	} as Simplify,
};
