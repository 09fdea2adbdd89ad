/**
 * examples/purchase-conversion.json in real n8n: a shop posts a purchase to the webhook, the
 * Conversion node sends it to X's Conversions API with the email and phone normalized and hashed
 * (E.164 with its + for the phone, as X's example), the order ID as conversion_id. The Pixel ID and
 * Event ID the example leaves empty are filled from the emulator's seed, as `npm run dev` does.
 */
import { createHash } from 'node:crypto';

import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { exampleWorkflow } from '../workflows';

const sfx = (ctx: CaseContext) => ctx.emulator!.control.statsFixtures();
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export default defineCase({
	name: 'examples/purchase-conversion.json: a purchase posted to the webhook becomes a conversion at X',
	credentials: { x: { type: 'xOAuth1Api' } },
	workflow: (ctx) => exampleWorkflow('purchase-conversion.json', { pixelId: sfx(ctx).pixelId, eventId: sfx(ctx).eventIds[0] }),
	run: {
		mode: 'webhook',
		triggerName: 'Shop Purchase',
		webhook: { method: 'POST', body: { order_id: 'W-77', created_at: '2026-11-20T09:30:00Z', email: 'Max@Example.org', phone: '0044 20 7946 0018', total: '120.00', items: 3, twclid: '26l6412g5p4iyj65a2oic2ayg2' } },
	},
	expect: {
		node: 'Send Conversion',
		itemCount: 1,
		items: [{ status: 'OK', event_id: { $type: 'string' }, conversion_id: 'W-77', conversions_processed: 1 }],
	},
	check: (ctx) => {
		const [received] = ctx.emulator!.control.conversionsReceived(sfx(ctx).pixelId);
		assertMatch(received, {
			conversion_time: '2026-11-20T09:30:00Z',
			event_id: sfx(ctx).eventIds[0],
			identifiers: [{ twclid: '26l6412g5p4iyj65a2oic2ayg2' }, { hashed_email: sha('max@example.org') }, { hashed_phone_number: sha('+442079460018') }],
			value: '120.00',
			number_items: 3,
			conversion_id: 'W-77',
		}, 'the conversion X received');
	},
});
