/** Creatives (https://docs.x.com/x-ads-api/creatives/reference, second half): account media, media library, cards, poll and video conversation cards, posts. */
import type { Router } from '../router';
import { registerCardRoutes } from './cards';
import { registerMediaRoutes } from './media';
import { registerPostRoutes } from './posts';

export function registerCreativeRoutes(router: Router): void {
	registerMediaRoutes(router);
	registerCardRoutes(router);
	registerPostRoutes(router);
}
