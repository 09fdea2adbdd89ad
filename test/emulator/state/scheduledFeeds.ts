/**
 * Scheduled feeds of a product catalog (https://docs.x.com/x-ads-api/catalog-management/reference#scheduled-feeds):
 * where and how often X imports a product file. X supports one feed per user, and a user has one
 * catalog, so the feeds live beside their catalog record (and go with it when it is deleted or the store reset).
 */
import { refValues } from '../conformance';

const POST = 'POST 12/product_catalogs/:product_catalog_id/scheduled_feeds';
export const FEED_FORMATS = refValues(POST, 'feed_format');
export const FEED_FREQUENCIES = refValues(POST, 'frequency');
/** The repeat values the reference's table gives per frequency (DAILY takes none). */
export const FEED_REPEATS: Record<string, readonly string[]> = {
	WEEKLY: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
	HOURLY: ['1', '2', '3', '4', '6', '8', '12'],
};

/** A feed as X answers it (the fields of the reference's example answers). */
export interface ScheduledFeed {
	start_time: string;
	product_catalog_id: string;
	feed_url: string;
	feed_format: string;
	id: string;
	created_at: string;
	frequency: string;
	repeat: string | null;
	updated_at: string;
	time_zone: string;
}

/** Keyed by the catalog record (tests may pass the read-only view control.state() gives of it). */
const feeds = new WeakMap<object, Map<string, ScheduledFeed>>();

/** The feeds of a catalog, by id (created empty on first use). */
export function feedsOf(catalog: object): Map<string, ScheduledFeed> {
	let map = feeds.get(catalog);
	if (!map) feeds.set(catalog, (map = new Map()));
	return map;
}
