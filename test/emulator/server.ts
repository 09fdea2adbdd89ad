/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The HTTP front: splits the URL into base and path, logs the request, applies latency and faults,
 * authenticates, enforces rate limits, and dispatches to the route modules.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notFound, TOO_MANY_REQUESTS_BODY } from './ads';
import { verifyBearer, verifyOAuth1 } from './auth';
import { createControl, handleControlRequest, type ControlHost, type EmulatorControl } from './control';
import { checkAdsRequest } from './conformance';
import { conformV2 } from '../reference/openapi';
import { takeFault } from './faults';
import { HttpError, legacyError, type EmulatorResponse, type RequestContext } from './http';
import { multipartBoundary, parseMultipart } from './multipart';
import { isFormContentType, parseParamString } from './oauth1';
import { peek, rateHeaders, take, TOTAL_COUNT_SUFFIX, type RateState } from './ratelimit';
import { Router, type AuthMode } from './router';
import { registerAccountAppRoutes } from './routes/accountApps';
import { registerAccountHistoryRoutes } from './routes/accountHistory';
import { registerAccountRoutes } from './routes/accounts';
import { registerAudienceEstimateRoutes } from './routes/audienceEstimate';
import { registerCatalogRoutes } from './routes/catalogs';
import { registerCreativeRoutes } from './routes/creatives';
import { registerAccountSettingsRoutes } from './routes/accountSettings';
import { registerCreativeExtraRoutes } from './routes/creativeExtras';
import { registerScheduledDraftPostRoutes } from './routes/scheduledDraftPosts';
import { registerAudienceRoutes } from './routes/audiences';
import { registerConversionRoutes } from './routes/conversions';
import { registerMeasurementRoutes } from './routes/measurement';
import { handleFileRequest, registerStatsRoutes } from './routes/stats';
import { registerTargetingRoutes } from './routes/targeting';
import { registerKeywordInsightRoutes } from './routes/keywordInsights';
import { registerProductCatalogRoutes } from './routes/productCatalogs';
import { registerScheduledFeedRoutes } from './routes/scheduledFeeds';
import { registerFeatureRoutes } from './routes/features';
import { registerLineItemRoutes } from './routes/lineItems';
import { registerCampaignRoutes } from './routes/campaigns';
import { registerFundingInstrumentRoutes } from './routes/fundingInstruments';
import { registerPromotedRoutes } from './routes/promoted';
import { registerOAuthRoutes } from './routes/oauth';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerActivityRoutes } from './routes/activity';
import { registerAccountActivityRoutes } from './routes/accountActivity';
import { registerActivityStreamRoutes } from './routes/activityStream';
import { registerConnectionRoutes } from './routes/connections';
import { registerOAuth2Routes } from './routes/oauth2';
import { registerStreamRuleRoutes } from './routes/streamRules';
import { handleMediaFileRequest, registerMediaUploadRoutes } from './routes/mediaUpload';
import { handlePlatformControlRequest } from './state/platformControl';
import { handleWebhookControlRequest } from './webhookControl';
import { createIdentity, createStore, MAX_LOG_ENTRIES, type Base, type FaultSpec, type Identity, type RequestLogEntry, type Store } from './store';
import { sleep } from './util';

export interface EmulatorOptions {
	port?: number;
	/** Default 127.0.0.1 (only loopback is used). */
	host?: string;
	/** Fixed latency added to every request, in ms (default 0). */
	latencyMs?: number;
}

export interface EmulatorUser {
	userId: string;
	screenName: string;
	accessToken: string;
	accessTokenSecret: string;
}

export interface XEmulator {
	port: number;
	urls: { api: string; ads: string; adsSandbox: string; control: string };
	app: { consumerKey: string; consumerSecret: string };
	/** users[0] owns the seeded accounts; users[1] owns none of them. Reflects reissued tokens. */
	users: EmulatorUser[];
	control: EmulatorControl;
	close(): Promise<void>;
}

/** Every route module registers itself here. */
export function buildRouter(): Router {
	const router = new Router();
	registerOAuthRoutes(router);
	registerWebhookRoutes(router);
	registerActivityRoutes(router);
	registerAccountActivityRoutes(router);
	registerActivityStreamRoutes(router);
	registerStreamRuleRoutes(router);
	registerMediaUploadRoutes(router);
	registerConnectionRoutes(router);
	registerOAuth2Routes(router);
	registerAccountRoutes(router);
	registerAccountAppRoutes(router);
	registerAccountHistoryRoutes(router);
	registerFeatureRoutes(router);
	registerCatalogRoutes(router);
	registerAudienceEstimateRoutes(router);
	registerLineItemRoutes(router);
	registerCampaignRoutes(router);
	registerFundingInstrumentRoutes(router);
	registerPromotedRoutes(router);
	registerCreativeExtraRoutes(router); // before the card routes: cards/image_conversation and cards/all are not cards/:card_id
	registerScheduledDraftPostRoutes(router);
	registerAccountSettingsRoutes(router);
	registerCreativeRoutes(router);
	registerProductCatalogRoutes(router);
	registerScheduledFeedRoutes(router);
	registerKeywordInsightRoutes(router);
	registerAudienceRoutes(router);
	registerStatsRoutes(router);
	registerConversionRoutes(router);
	registerMeasurementRoutes(router);
	registerTargetingRoutes(router);
	return router;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

const BASES: Array<[string, Base | 'control']> = [
	['/ads-sandbox', 'adsSandbox'],
	['/ads', 'ads'],
	['/api', 'api'],
	['/_emulator', 'control'],
];

function locate(rawPath: string): { base: Base | 'control'; path: string } | null {
	for (const [prefix, base] of BASES) {
		if (rawPath === prefix || rawPath.startsWith(prefix + '/')) return { base, path: rawPath.slice(prefix.length) || '/' };
	}
	return null;
}

/** Auth used when a route does not say otherwise (and for unknown routes). */
function defaultAuth(base: Base, path: string): AuthMode {
	if (base !== 'api') return 'oauth1-user';
	if (path.startsWith('/1.1/')) return 'oauth1-user';
	if (path.startsWith('/2/')) return 'bearer';
	return 'none';
}

function routeNotFound(base: Base, path: string): HttpError {
	if (base !== 'api') return notFound();
	if (path.startsWith('/2/')) {
		return new HttpError(404, {
			errors: [{ message: 'The requested resource could not be found.' }],
			title: 'Not Found Error',
			detail: 'The requested resource could not be found.',
			type: 'https://api.x.com/2/problems/resource-not-found',
		});
	}
	return legacyError(404, 34, 'Sorry, that page does not exist.');
}

function serverErrorBody(status: number) {
	const text: Record<number, string> = {
		500: 'Internal server error',
		502: 'Bad gateway',
		503: 'Service unavailable',
		504: 'Gateway timeout',
	};
	return { errors: [{ code: 'SERVER_ERROR', message: text[status] ?? 'Server error' }] };
}

/** Headers as logged: lowercased, arrays joined, Authorization reduced to its scheme word. */
function loggedHeaders(req: IncomingMessage): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(req.headers)) {
		if (v === undefined) continue;
		const value = Array.isArray(v) ? v.join(', ') : v;
		out[k] = k === 'authorization' ? value.trim().split(/\s+/)[0] : value;
	}
	return out;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size <= MAX_BODY_BYTES) chunks.push(c);
		});
		req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function write(res: ServerResponse, r: EmulatorResponse): void {
	if (r.stream) {
		// Chunked, no Content-Length: the route writes lines as long as the connection lives.
		res.writeHead(r.status, { ...r.headers });
		res.flushHeaders(); // as X: the answer starts at once, before the first event
		r.stream(res);
		return;
	}
	const payload = r.rawBody ?? (r.body === undefined ? '' : JSON.stringify(r.body));
	const headers: Record<string, string | number> = {
		'content-type': 'application/json;charset=utf-8',
		'content-length': Buffer.byteLength(payload),
		...r.headers,
	};
	res.writeHead(r.status, headers);
	res.end(payload);
}

class Emulator implements XEmulator, ControlHost {
	port = 0;
	urls = { api: '', ads: '', adsSandbox: '', control: '' };
	readonly identity: Identity;
	store: Store;
	readonly control: EmulatorControl;
	private readonly router = buildRouter();
	private readonly server: Server;

	constructor(private readonly options: EmulatorOptions) {
		this.identity = createIdentity();
		this.store = createStore(this.identity);
		this.control = createControl(this);
		// Post text (up to 25,000 characters, percent-encoded up to 12 bytes each) travels in the query string.
		this.server = createServer({ maxHeaderSize: 1024 * 1024 }, (req, res) => {
			this.handle(req, res).catch((err) => {
				console.error('[x-emulator] unexpected error', err);
				if (!res.headersSent) write(res, { status: 500, body: serverErrorBody(500) });
				else res.destroy();
			});
		});
		// Malformed requests: answer 400 instead of crashing the process.
		this.server.on('clientError', (_err, socket) => {
			if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
			else socket.destroy();
		});
	}

	get app() {
		return { ...this.store.app };
	}

	get users(): EmulatorUser[] {
		return this.store.users.map((u) => ({ ...u }));
	}

	info() {
		return { port: this.port, urls: this.urls, app: this.app, users: this.users };
	}

	async listen(): Promise<void> {
		const host = this.options.host ?? '127.0.0.1';
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, host, () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		this.port = (this.server.address() as AddressInfo).port;
		const origin = `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
		this.urls = { api: `${origin}/api`, ads: `${origin}/ads`, adsSandbox: `${origin}/ads-sandbox`, control: `${origin}/_emulator` };
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const method = (req.method ?? 'GET').toUpperCase();
		const url = req.url ?? '/';
		const q = url.indexOf('?');
		const rawPath = q === -1 ? url : url.slice(0, q);
		const rawQuery = q === -1 ? '' : url.slice(q + 1);
		// X's file host (job results): unsigned downloads, answered apart from the API.
		if (handleFileRequest(this.store, rawPath, req, res, this.options.latencyMs ?? 0)) return;
		if (method === 'GET' && handleMediaFileRequest(rawPath, res)) return;
		const located = locate(rawPath);
		const bodyBuf = await readBody(req);
		if (!located) return write(res, { status: 404, body: { errors: [{ code: 34, message: 'Sorry, that page does not exist.' }] } });
		if (bodyBuf === null) return write(res, { status: 413, body: { errors: [{ code: 'INVALID_PARAMETER', message: 'Request body too large' }] } });
		// A multipart body (a media upload) keeps its bytes as bytes; it is neither text nor logged whole.
		const boundary = multipartBoundary(req.headers['content-type']);
		const multipart = boundary === undefined ? null : parseMultipart(bodyBuf, boundary);
		const rawBody = boundary === undefined ? bodyBuf.toString('utf8') : '';

		if (located.base === 'control') {
			const webhookControl = await handleWebhookControlRequest(this.control, method, located.path, rawBody);
			if (webhookControl) return write(res, webhookControl);
			const platformControl = await handlePlatformControlRequest(this.control, method, located.path, rawBody);
			if (platformControl) return write(res, platformControl);
			return write(res, handleControlRequest(this, this.control, method, located.path, rawBody));
		}

		const base = located.base;
		const path = located.path;
		const store = this.store;
		store.stats.requests++;
		const entry: RequestLogEntry = {
			time: new Date().toISOString(),
			method,
			base,
			path,
			query: rawQuery,
			headers: loggedHeaders(req),
			body: boundary === undefined ? rawBody : `<multipart/form-data, ${bodyBuf.length} bytes: ${(multipart ?? []).map((p) => (p.filename === undefined && p.data.length <= 64 ? `${p.name}=${p.data.toString('utf8')}` : `${p.name} (${p.data.length} bytes)`)).join(', ') || 'malformed'}>`,
			status: null,
		};
		store.log.push(entry);
		if (store.log.length > MAX_LOG_ENTRIES) store.log.splice(0, store.log.length - MAX_LOG_ENTRIES);
		// Fixed latency: the answer leaves latencyMs after the request arrived, the emulator's own work
		// done meanwhile (as a server answering in that time), so its CPU does not add to the latency.
		const answerAt = Date.now() + (this.options.latencyMs ?? 0);
		let loseAnswer = false;
		const send = (r: EmulatorResponse) => {
			entry.status = r.status;
			if (loseAnswer) {
				res.socket?.destroy();
				return;
			}
			const wait = answerAt - Date.now();
			if (wait > 0) void sleep(wait).then(() => write(res, r));
			else write(res, r);
		};

		const match = this.router.match(base, method, path);
		const endpointKey = match ? `${method} ${match.route.pattern}` : `${method} <unknown>`;
		if (match) entry.endpoint = endpointKey;
		const isAdsGet = base !== 'api' && method === 'GET';

		// Rate-limit headers go on every answer; they are counted only once the caller is authenticated.
		let principal = `${base}:anonymous`;
		let userRate: RateState = peek(store, endpointKey, principal, Date.now());
		let accountRate: RateState | null = isAdsGet ? userRate : null;
		const rateHeadersNow = () => ({
			...rateHeaders('x-rate-limit', userRate),
			...(accountRate ? rateHeaders('x-account-rate-limit', accountRate) : {}),
		});

		const fault = takeFault(store, { base, method, path });
		if (fault) {
			entry.fault = fault.kind;
			store.stats.faultsApplied++;
			loseAnswer = fault.kind === 'lose_answer';
			const handled = await this.applyFault(fault, base, userRate.limit, res, answerAt, (r) =>
				send({ ...r, headers: { ...rateHeadersNow(), ...r.headers } }),
			);
			if (handled) return;
		}

		const contentType = req.headers['content-type'];
		const form = isFormContentType(contentType) ? parseParamString(rawBody) : null;
		let json: unknown;
		if (contentType?.split(';')[0].trim().toLowerCase() === 'application/json' && rawBody.trim() !== '') {
			try {
				json = JSON.parse(rawBody);
			} catch {
				json = undefined;
			}
		}
		const ctx: RequestContext = {
			store,
			method,
			base,
			path,
			rawQuery,
			query: parseParamString(rawQuery) ?? [],
			headers: req.headers,
			rawBody,
			multipart,
			form,
			json,
			pathParams: match?.params ?? {},
			user: null,
			accessToken: null,
			env: base === 'adsSandbox' ? 'sandbox' : 'production',
			now: Date.now() + store.clockOffsetMs,
		};

		try {
			const auth = match?.route.auth ?? defaultAuth(base, path);
			if (auth === 'oauth1-user' || auth === 'oauth1-app') {
				const identity = verifyOAuth1(ctx, auth === 'oauth1-user');
				ctx.user = identity?.user ?? null;
				ctx.accessToken = identity?.token ?? null;
				principal = `${base}:${ctx.user ? ctx.user.userId : 'app'}`;
			} else if (auth === 'bearer') {
				verifyBearer(ctx);
				principal = `${base}:app`;
			} else {
				principal = `${base}:app`;
			}

			userRate = take(store, endpointKey, principal, ctx.now);
			let exceeded = userRate.exceeded;
			if (isAdsGet) {
				const accountId = ctx.pathParams.account_id;
				accountRate = take(store, endpointKey, accountId ? `${base}:account:${accountId}` : `${principal}:account`, ctx.now);
				exceeded ||= accountRate.exceeded;
				if (ctx.query.some(([k, v]) => k === 'with_total_count' && v === 'true')) {
					const totalRate = take(store, endpointKey + TOTAL_COUNT_SUFFIX, principal, ctx.now);
					if (totalRate.exceeded) {
						exceeded = true;
						accountRate = totalRate;
					}
				}
			}
			if (exceeded) throw new HttpError(429, TOO_MANY_REQUESTS_BODY);
			if (!match) throw routeNotFound(base, path);
			// X's Ads reference judges every Ads request before its handler (conformance.ts).
			if (base !== 'api') checkAdsRequest(ctx, match.route.pattern);

			// X's openapi.json judges every /2 request and answer (test/reference/openapi.ts).
			const r = await conformV2(ctx, match.route.pattern, () => match.route.handler(ctx));
			send({ ...r, headers: { ...rateHeadersNow(), ...r.headers } });
		} catch (err) {
			if (err instanceof HttpError) {
				send({ status: err.status, body: err.body, headers: { ...rateHeadersNow(), ...err.headers } });
			} else {
				// A bug in a route module: answer like X's own 500 and keep the details in the test output.
				console.error('[x-emulator] handler error', err);
				send({ status: 500, body: serverErrorBody(500), headers: rateHeadersNow() });
			}
		}
	}

	/** Returns true when the fault produced the answer (or dropped the connection). */
	private async applyFault(
		fault: FaultSpec,
		base: Base,
		limit: number,
		res: ServerResponse,
		answerAt: number,
		send: (r: EmulatorResponse) => void,
	): Promise<boolean> {
		switch (fault.kind) {
			case 'drop':
				// No response at all: when the answer was due, the client sees the connection close.
				await sleep(Math.max(0, answerAt - Date.now()));
				res.socket?.destroy();
				return true;
			case 'latency':
				await sleep(fault.ms ?? 1000);
				return false;
			case 'lose_answer':
				return false; // handled below; the answer is then replaced by a closed connection
			case 'rate_limit': {
				const reset = Math.ceil(Date.now() / 1000) + (fault.resetInSeconds ?? 60);
				const s: RateState = { limit, remaining: 0, reset, exceeded: true };
				send({
					status: 429,
					body: TOO_MANY_REQUESTS_BODY,
					headers: { ...rateHeaders('x-rate-limit', s), ...(base !== 'api' ? rateHeaders('x-account-rate-limit', s) : {}) },
				});
				return true;
			}
			case 'server_error': {
				const status = fault.status ?? 503;
				const headers: Record<string, string> = {};
				if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
				send({ status, body: serverErrorBody(status), headers });
				return true;
			}
		}
	}
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<XEmulator> {
	const emulator = new Emulator(options);
	await emulator.listen();
	return emulator;
}
