/**
 * v2 webhook management (spec doc 01). Only listing exists in this round; create, delete,
 * validate (CRC) and replay are added here later.
 */
import { ok, type RequestContext } from '../http';
import type { Router } from '../router';

function listWebhooks(ctx: RequestContext) {
	const data = ctx.store.webhooks.map((w) => ({ ...w }));
	return ok({ data, meta: { result_count: data.length } });
}

export function registerWebhookRoutes(router: Router): void {
	router.api('GET', '/2/webhooks', listWebhooks, 'bearer');
}
