/**
 * n8n's own HTTP Request node with Authentication "Predefined Credential Type" = X OAuth 1.0a API
 * (xOAuth1Api): the credential's authenticate() signs a request the X Ads node does not build.
 * The query has reserved characters (space, &, (, ), !, *, ', a non-ASCII letter) and a duplicate
 * key, the cases where OAuth 1.0a signing usually breaks; the emulator verifies the signature
 * (a bad one is a 401 code 32) and answers only the accounts the query selects.
 *  - typeVersion 4.2: the query written into the URL (4.2 keeps only the last of repeated query fields)
 *  - the latest typeVersion n8n offers (4.5 in 2.41.1, 4.3 in 1.123): the same query as "Query
 *    Parameters" fields; from 4.3 on, repeated names become an array, sent as repeated keys.
 */
import { defineCase } from '../types';
import { chain, latestHttpRequestVersion, queryOf } from '../workflows';

const PREFIX = "Acme & Co (ö)!*'";
let ids: string[] = [];
let latest = 4.5;

const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const httpNode = (name: string, typeVersion: number, parameters: Record<string, unknown>) => ({
	name,
	type: 'n8n-nodes-base.httpRequest',
	typeVersion,
	parameters: { method: 'GET', authentication: 'predefinedCredentialType', nodeCredentialType: 'xOAuth1Api', options: {}, ...parameters },
	credentials: { xOAuth1Api: '@x' },
});

export default defineCase({
	name: 'HTTP Request node with the xOAuth1Api credential: signed query with reserved characters and a duplicate key',
	credentials: { x: { type: 'xOAuth1Api' } },
	setup: async (ctx) => {
		ids = ctx.emulator!.control.seedAccounts(4, { prefix: PREFIX });
		latest = await latestHttpRequestVersion(ctx);
		ctx.log(`HTTP Request versions used: 4.2 and ${latest}`);
	},
	workflow: (ctx) => {
		const ads = ctx.emulator!.urls.ads;
		return chain(
			// account_ids twice: X (and the emulator) use the first; both are signed.
			httpNode('HTTP 4.2', 4.2, {
				url: `${ads}/12/accounts?q=${rfc3986(PREFIX)}&account_ids=${ids[0]},${ids[1]}&account_ids=${ids[2]}&sort_by=name-asc`,
			}),
			httpNode('HTTP latest', latest, {
				url: `${ads}/12/accounts`,
				sendQuery: true,
				specifyQuery: 'keypair',
				queryParameters: {
					parameters: [
						{ name: 'q', value: PREFIX },
						{ name: 'account_ids', value: `${ids[1]},${ids[3]}` },
						{ name: 'account_ids', value: ids[0] },
						{ name: 'sort_by', value: 'name-asc' },
					],
				},
			}),
		);
	},
	expect: {
		executedNodes: ['Start', 'HTTP 4.2', 'HTTP latest'],
		outputs: {
			'HTTP 4.2': { itemCount: 1, items: [{ data: [{ name: `${PREFIX} 000004` }, { name: `${PREFIX} 000005` }] }] },
			'HTTP latest': { itemCount: 1, items: [{ data: [{ name: `${PREFIX} 000005` }, { name: `${PREFIX} 000007` }] }] },
		},
		emulator: {
			requestCount: 2,
			requests: [{ method: 'GET', base: 'ads', path: '/12/accounts', status: 200, headers: { authorization: 'OAuth' }, count: 2 }],
			none: [{ status: 401 }],
		},
	},
	check: (_ctx, result) => {
		for (const [i, r] of result.requests.entries()) {
			const q = queryOf(r.query);
			if (q.get('q') !== PREFIX) throw new Error(`request ${i + 1}: q arrived as ${JSON.stringify(q.get('q'))} (raw ${r.query})`);
			if (q.getAll('account_ids').length !== 2) throw new Error(`request ${i + 1}: expected account_ids twice, raw query ${r.query}`);
			// Sent exactly as signed: RFC 3986 encoding, so the reserved characters arrive encoded.
			if (!r.query.includes(`q=${rfc3986(PREFIX)}`)) throw new Error(`request ${i + 1}: q not RFC 3986 encoded: ${r.query}`);
		}
		const ids42 = (result.execution!.output('HTTP 4.2')[0].data as Array<{ id: string }>).map((a) => a.id);
		if (JSON.stringify(ids42) !== JSON.stringify([ids[0], ids[1]])) throw new Error(`HTTP 4.2 answered ${ids42}`);
	},
});
