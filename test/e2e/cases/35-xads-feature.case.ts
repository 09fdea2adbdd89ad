/**
 * X Ads "Feature" in real n8n (spec document 03): Get Many on production (one item per feature key,
 * and the feature_keys filter), Add and Remove with a credential whose Environment is Sandbox (POST and
 * DELETE go to the sandbox base, the answer is the account's features now present), Get Many on the
 * sandbox to see the result, and finally Add with the production credential, refused before sending
 * with the hint to switch the credential to the sandbox.
 */
import { assertMatch } from '../match';
import { defineCase, type CaseContext } from '../types';
import { chain, once, xAds } from '../workflows';

const fixtures = (ctx: CaseContext) => ctx.emulator!.control.fixtures();
const FEATURES_PATH = /^\/12\/accounts\/\w+\/features$/;

const keys = (k: readonly string[]) => k.map((feature_key) => ({ feature_key }));
const FILTER = ['REACH_AND_FREQUENCY_ANALYTICS', 'REACH_FREQUENCY_CAP'];
const ADDED = ['AGE_TARGETING', 'DR_TAP'];

/** The accounts' features right after the emulator's reset (its seed may grow; read, not assumed). */
let seed: { production: string[]; sandbox: string[] } = { production: [], sandbox: [] };

export default defineCase({
	name: 'X Ads: feature get many, add and remove in the sandbox, add refused on production',
	credentials: {
		x: { type: 'xOAuth1Api' },
		sandbox: { type: 'xOAuth1Api', override: { environment: 'sandbox' } },
	},
	setup: (ctx) => {
		const { production, sandbox } = fixtures(ctx);
		const state = ctx.emulator!.control.state().ads;
		seed = {
			production: [...(state.production.features.get(production.accountId) ?? [])],
			sandbox: [...(state.sandbox.features.get(sandbox.accountId) ?? [])],
		};
		// What the spec's sample and the emulator README promise for users[0]'s first accounts.
		assertMatch(seed.production, { $contains: 'REACH_AND_FREQUENCY_ANALYTICS' }, 'seeded production features');
		assertMatch(seed.sandbox, { $contains: 'CONVERSATION_CARD' }, 'seeded sandbox features');
		if (ADDED.some((k) => seed.sandbox.includes(k))) throw new Error(`the sandbox seed already has ${ADDED.join(' or ')}`);
	},
	workflow: (ctx) => {
		const { production, sandbox } = fixtures(ctx);
		const feature = (name: string, cred: 'x' | 'sandbox', operation: string, parameters: Record<string, unknown>) =>
			once(xAds(name, { resource: 'feature', operation, ...parameters }, { credential: `@${cred}`, account: cred === 'sandbox' ? sandbox.accountId : production.accountId }));
		return chain(
			feature('Features', 'x', 'getAll', {}),
			feature('Features (filtered)', 'x', 'getAll', { options: { featureKeys: FILTER } }),
			feature('Add (sandbox)', 'sandbox', 'add', { featureKeys: ADDED }),
			feature('Remove (sandbox)', 'sandbox', 'remove', { featureKeys: ['DR_TAP'] }),
			feature('Features (sandbox)', 'sandbox', 'getAll', {}),
			feature('Add (production credential)', 'x', 'add', { featureKeys: ['AGE_TARGETING'] }),
		);
	},
	expect: {
		executedNodes: ['Start', 'Features', 'Features (filtered)', 'Add (sandbox)', 'Remove (sandbox)', 'Features (sandbox)', 'Add (production credential)'],
		outputs: {
			Features: { everyItem: { feature_key: /^[A-Z_]+$/ } },
			'Features (filtered)': { items: [{ feature_key: 'REACH_AND_FREQUENCY_ANALYTICS' }] },
		},
		error: {
			node: 'Add (production credential)',
			message: "Item 0: Add features to a sandbox account works only in the X Ads sandbox (the credential's Environment (environment) is production)",
			description: 'Set Environment to Sandbox in the X credential (a sandbox account needs sandbox keys), then run again.',
		},
		emulator: {
			requestCount: 5,
			requests: [
				{ method: 'GET', base: 'ads', path: FEATURES_PATH, query: '', status: 200, count: 1 },
				{ method: 'GET', base: 'ads', path: FEATURES_PATH, query: { feature_keys: 'REACH_AND_FREQUENCY_ANALYTICS,REACH_FREQUENCY_CAP' }, status: 200, count: 1 },
				{ method: 'POST', base: 'adsSandbox', path: FEATURES_PATH, query: { feature_keys: 'AGE_TARGETING,DR_TAP' }, status: 200, count: 1 },
				{ method: 'DELETE', base: 'adsSandbox', path: FEATURES_PATH, query: { feature_keys: 'DR_TAP' }, status: 200, count: 1 },
				{ method: 'GET', base: 'adsSandbox', path: FEATURES_PATH, query: '', status: 200, count: 1 },
			],
			// nothing but reads on the production base
			none: [{ base: 'ads', method: 'POST' }, { base: 'ads', method: 'DELETE' }],
		},
	},
	check: (ctx, result) => {
		const { production, sandbox } = fixtures(ctx);
		const ex = result.execution!;
		// One item per key, in X's order; add appends, remove drops, the answer is what is present now.
		assertMatch(ex.output('Features'), keys(seed.production), 'Features');
		assertMatch(ex.output('Features (filtered)'), keys(seed.production.filter((k) => FILTER.includes(k))), 'Features (filtered)');
		const afterAdd = [...seed.sandbox, ...ADDED];
		const afterRemove = afterAdd.filter((k) => k !== 'DR_TAP');
		assertMatch(ex.output('Add (sandbox)'), keys(afterAdd), 'Add (sandbox)');
		assertMatch(ex.output('Remove (sandbox)'), keys(afterRemove), 'Remove (sandbox)');
		assertMatch(ex.output('Features (sandbox)'), keys(afterRemove), 'Features (sandbox)');
		assertMatch(
			result.requests.map((r) => `${r.base} ${r.path}`),
			[
				`ads /12/accounts/${production.accountId}/features`,
				`ads /12/accounts/${production.accountId}/features`,
				`adsSandbox /12/accounts/${sandbox.accountId}/features`,
				`adsSandbox /12/accounts/${sandbox.accountId}/features`,
				`adsSandbox /12/accounts/${sandbox.accountId}/features`,
			],
			'bases and paths',
		);
		const state = ctx.emulator!.control.state().ads;
		assertMatch([...(state.sandbox.features.get(sandbox.accountId) ?? [])], afterRemove, 'sandbox features in the emulator');
		assertMatch([...(state.production.features.get(production.accountId) ?? [])], seed.production, 'production features unchanged');
	},
});
