/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Hostile deliveries in real n8n (issue 16, items 7 to 10; the full table runs in the engine
 * harness: test/corpus/hostileDeliveries.ts). n8n 2.x hands a webhook node the raw body only for
 * the content types it parses; the X Trigger reads the others itself, so:
 *  - a made-up event without a Content-Type, signed with the signature of '{}', is refused (401),
 *  - a real delivery without a Content-Type, signed over its bytes, runs,
 *  - an event id beyond 2^53 without id_str keeps its exact digits (as event_id and in the payload),
 *  - a signed 100,000-deep body is answered 400 without an execution,
 *  - the same post delivered for a second subscribed user runs again.
 */
import { expectExecutionCount, expectItems, sign, triggerCase, triggerItems } from '../trigger';
import { triggerWorkflow } from '../workflows';

export default triggerCase({
	name: 'X Trigger: signature over the bytes whatever the Content-Type, exact big ids, deep bodies refused, one run per subscribed user (http loopback)',
	timeoutMs: 60_000,
	check: async ({ ctx, uid, activate }) => {
		const secret = ctx.emulator!.app.consumerSecret;
		const active = await activate(triggerWorkflow(ctx));
		const workflowId = active.workflow.id;
		const url = active.url;
		/** A POST with exactly these bytes and headers (a Uint8Array body: fetch adds no Content-Type). */
		const post = async (raw: string, headers: Record<string, string>, signedOver: string = raw) => {
			const res = await fetch(url, { method: 'POST', headers: { ...headers, 'x-twitter-webhooks-signature': sign(secret, signedOver) }, body: new Uint8Array(Buffer.from(raw)) });
			return { status: res.status, text: await res.text() };
		};
		const expectAnswer = (what: string, got: { status: number; text: string }, status: number, text?: RegExp) => {
			if (got.status !== status || (text && !text.test(got.text))) throw new Error(`${what}: n8n answered ${got.status} ${got.text.slice(0, 200)}, expected ${status}${text ? ` matching ${String(text)}` : ''}`);
		};

		const forged = `{"for_user_id":"${uid}","tweet_create_events":[{"id_str":"666","text":"forged"}]}`;
		expectAnswer("made-up event without Content-Type signed as '{}'", await post(forged, {}, '{}'), 401, /signature missing or wrong/);
		await expectExecutionCount(ctx, workflowId, 0, 'after the forged delivery', 1000);

		const big = `{"for_user_id":"${uid}","tweet_create_events":[{"id":12345678901234567891,"text":"big","user":{"id":98765432109876543210}}]}`;
		expectAnswer('big id, application/json', await post(big, { 'content-type': 'application/json' }), 200);
		const [first] = await expectExecutionCount(ctx, workflowId, 1, 'big id');
		expectItems(first, [{ event_type: 'post.create', event_id: '12345678901234567891', for_user_id: uid }], 'big id');
		const payload = triggerItems(first)[0].payload as Record<string, any>;
		if (payload.id !== '12345678901234567891' || payload.user?.id !== '98765432109876543210') throw new Error(`big id: the payload's ids lost digits: ${JSON.stringify(payload)}`);

		const unlabelled = `{"for_user_id":"${uid}","tweet_create_events":[{"id_str":"1890000000000000001","text":"no content type"}]}`;
		expectAnswer('real delivery without Content-Type', await post(unlabelled, {}), 200);
		const [, second] = await expectExecutionCount(ctx, workflowId, 2, 'without Content-Type');
		expectItems(second, [{ event_type: 'post.create', event_id: '1890000000000000001', for_user_id: uid }], 'without Content-Type');

		const deep = `{"for_user_id":"${uid}","tweet_create_events":[{"id_str":"1890000000000000002","deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`;
		expectAnswer('100,000-deep body', await post(deep, { 'content-type': 'application/json' }), 400, /deeper than 64 levels/);
		await expectExecutionCount(ctx, workflowId, 2, 'after the deep body', 1000);

		const otherUser = '783214';
		const again = unlabelled.replace(`"for_user_id":"${uid}"`, `"for_user_id":"${otherUser}"`);
		expectAnswer('the same post for a second user', await post(again, { 'content-type': 'application/json; charset=utf-8' }), 200);
		const all = await expectExecutionCount(ctx, workflowId, 3, 'the same post for a second user', 1000);
		expectItems(all[2], [{ event_type: 'post.create', event_id: '1890000000000000001', for_user_id: otherUser }], 'second user');
	},
});
