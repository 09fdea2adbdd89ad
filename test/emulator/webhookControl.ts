/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Control operations of the webhook, activity and three-legged OAuth machinery: settings, the
 * hourly CRC check, event delivery and activity emission, replay jobs, and views of what was sent.
 * In-process (part of EmulatorControl) and over HTTP under /_emulator (see handleWebhookControlRequest).
 */
import type { EmulatorResponse } from './http';
import { emitActivity, type ActivityDelivery } from './routes/activity';
import { hourlyCrcCheck, scheduledCrcCheck } from './routes/webhooks';
import type { Store } from './store';
import { deliverToWebhook, eventBodies, postEvent, type DeliveryOptions } from './webhookDelivery';
import {
	DEFAULT_WEBHOOK_SETTINGS,
	webhookState,
	type ActivitySubscription,
	type CrcAttempt,
	type DeliveryResult,
	type RecordedEvent,
	type ReplayJob,
	type WebhookSettings,
} from './state/webhooks';
import { oauthFlowState, type IssuedAccessToken, type OAuthFlowSettings, type RequestTokenRecord } from './state/oauthFlow';

export interface HourlyCrcResult {
	webhook_id: string;
	url: string;
	/** Whether this check passed. */
	ok: boolean;
	/** The webhook's state afterwards (a failed check makes it invalid; a pass does not re-enable it). */
	valid: boolean;
	reason?: string;
}

export type ReplayJobView = Omit<ReplayJob, 'done'>;

export interface WebhookControl {
	/** Changes webhook settings (allowHttpLoopbackCallbacks, maxWebhooks, crcTimeoutMs, trustedCaPem, ...); returns them all. */
	setWebhookSettings(settings: Partial<WebhookSettings>): WebhookSettings;
	webhookSettings(): WebhookSettings;
	/** A hostile X (test/hostile/hostileX.ts): every delivery body rewritten before it is signed and sent; undefined for X's own. In-process only. */
	setDeliveryRewrite(rewrite: ((body: string) => string) | undefined): void;
	/** X's hourly CRC check of every webhook, run now: failing webhooks become invalid and get no deliveries until validated. */
	runHourlyCrcCheck(): Promise<HourlyCrcResult[]>;
	/**
	 * X's 30-minute round: a CRC only for webhooks not validated for 24 hours (emulator time, see
	 * advanceClock); a pass re-enables, a wrong answer invalidates, transient errors invalidate after 28 hours.
	 */
	runScheduledCrcCheck(): Promise<HourlyCrcResult[]>;
	/**
	 * Delivers an event (any JSON) to a webhook, named by id or URL, as signed POSTs. A registered
	 * webhook records the event for replay and gets nothing while invalid; an unregistered URL is
	 * posted to as is. Returns one result per POST (the receiver's status).
	 */
	deliverEvent(target: string, event: unknown, options?: DeliveryOptions): Promise<DeliveryResult[]>;
	/** An activity of a user: delivered to the webhook of every matching activity subscription. */
	emitActivity(userId: string, eventType: string, payload: unknown): Promise<ActivityDelivery[]>;
	/** Every CRC GET made (registration, validation, hourly), oldest first. */
	crcAttempts(): CrcAttempt[];
	/** Every event POST made (including replays and skipped ones), oldest first. */
	deliveries(): DeliveryResult[];
	/** Events addressed to registered webhooks (what replay can send again). */
	recordedEvents(webhookId?: string): RecordedEvent[];
	replayJob(jobId: string): ReplayJobView | undefined;
	/** Resolves when the replay job has re-delivered its events; returns its delivery results. */
	waitForReplay(jobId: string): Promise<DeliveryResult[]>;
	activitySubscriptions(): ActivitySubscription[];
	/** Three-legged OAuth: who approves on the authorize page, whether they deny, the App's callback URLs. */
	setOAuthFlow(settings: Partial<OAuthFlowSettings>): OAuthFlowSettings;
	requestTokens(): RequestTokenRecord[];
	/** Access tokens issued by POST oauth/access_token. */
	issuedAccessTokens(): IssuedAccessToken[];
}

function checkSettings(s: Partial<WebhookSettings>): void {
	for (const [key, value] of Object.entries(s)) {
		if (!(key in DEFAULT_WEBHOOK_SETTINGS)) throw new Error(`unknown webhook setting ${key}`);
		const kind = typeof DEFAULT_WEBHOOK_SETTINGS[key as keyof WebhookSettings];
		if (key === 'trustedCaPem' ? value !== null && typeof value !== 'string' : typeof value !== kind) {
			throw new Error(`webhook setting ${key} must be a ${key === 'trustedCaPem' ? 'PEM string or null' : kind}`);
		}
		if (kind === 'number' && !(Number.isInteger(value) && (value as number) >= 0)) throw new Error(`webhook setting ${key} must be a non-negative integer`);
	}
}

export function createWebhookControl(store: () => Store): WebhookControl {
	const view = (job: ReplayJob): ReplayJobView => {
		const { done: _done, ...rest } = job;
		return { ...rest, results: [...job.results] };
	};
	return {
		setWebhookSettings(settings) {
			checkSettings(settings);
			const state = webhookState(store());
			Object.assign(state.settings, settings);
			return { ...state.settings };
		},
		setDeliveryRewrite(rewrite) {
			webhookState(store()).deliveryRewrite = rewrite;
		},
		webhookSettings() {
			return { ...webhookState(store()).settings };
		},
		runHourlyCrcCheck() {
			return hourlyCrcCheck(store());
		},
		runScheduledCrcCheck() {
			return scheduledCrcCheck(store());
		},
		async deliverEvent(target, event, options = {}) {
			const s = store();
			const bodies = eventBodies(event, options.batch);
			const byId = s.webhooks.find((w) => w.id === target);
			const byUrl = byId ?? s.webhooks.find((w) => sameUrl(w.url, target));
			if (byUrl) return deliverToWebhook(s, byUrl.id, bodies, 'event', options);
			if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) throw new Error(`no webhook ${target}: give a registered webhook id or a URL`);
			const results: DeliveryResult[] = [];
			for (const body of bodies) {
				for (let i = 0; i < (options.twice ? 2 : 1); i++) results.push(await postEvent(s, { url: target, webhookId: null }, body, options));
			}
			return results;
		},
		emitActivity(userId, eventType, payload) {
			return emitActivity(store(), userId, eventType, payload);
		},
		crcAttempts() {
			return webhookState(store()).crcLog.map((a) => ({ ...a }));
		},
		deliveries() {
			return webhookState(store()).deliveries.map((d) => ({ ...d }));
		},
		recordedEvents(webhookId) {
			return webhookState(store())
				.events.filter((e) => webhookId === undefined || e.webhookId === webhookId)
				.map((e) => ({ ...e }));
		},
		replayJob(jobId) {
			const job = webhookState(store()).replayJobs.get(jobId);
			return job ? view(job) : undefined;
		},
		async waitForReplay(jobId) {
			const job = webhookState(store()).replayJobs.get(jobId);
			if (!job) throw new Error(`no replay job ${jobId}`);
			return [...(await job.done)];
		},
		activitySubscriptions() {
			return webhookState(store()).subscriptions.map((s) => ({ ...s, filter: { ...s.filter } }));
		},
		setOAuthFlow(settings) {
			const current = oauthFlowState(store()).settings;
			if (settings.authorizeUserIndex !== undefined && !store().users[settings.authorizeUserIndex]) {
				throw new Error(`no user at index ${settings.authorizeUserIndex}`);
			}
			Object.assign(current, settings);
			return { ...current, allowedCallbacks: current.allowedCallbacks ? [...current.allowedCallbacks] : null };
		},
		requestTokens() {
			return [...oauthFlowState(store()).requestTokens.values()].map((r) => ({ ...r }));
		},
		issuedAccessTokens() {
			return oauthFlowState(store()).issued.map((t) => ({ ...t }));
		},
	};
}

function sameUrl(a: string, b: string): boolean {
	try {
		return new URL(a).href === new URL(b).href;
	} catch {
		return a === b;
	}
}

const json = (body: unknown, status = 200): EmulatorResponse => ({ status, body });

/**
 * HTTP control routes of this family (path after /_emulator), or null when the route is not one of
 * them. Async because CRC checks and deliveries wait for the receiver.
 *   GET|POST /webhooks/settings            POST /webhooks/crc-check   POST /webhooks/scheduled-crc-check
 *   POST /webhooks/deliver {webhook_id | url, event, twice?, tamper?, unsigned?, batch?}
 *   GET /webhooks/deliveries   GET /webhooks/crc-attempts   GET /webhooks/events
 *   GET /webhooks/replay-jobs/:job_id   POST /webhooks/replay-jobs/:job_id/wait
 *   POST /activity/emit {user_id, event_type, payload}   GET /activity/subscriptions
 *   GET|POST /oauth/settings   GET /oauth/request-tokens   GET /oauth/issued
 */
export async function handleWebhookControlRequest(control: WebhookControl, method: string, path: string, rawBody: string): Promise<EmulatorResponse | null> {
	const route = `${method} ${path.replace(/\/$/, '') || '/'}`;
	if (!/^(GET|POST) \/(webhooks|activity|oauth)\//.test(route)) return null;
	let input: Record<string, unknown> = {};
	if (rawBody.trim() !== '') {
		try {
			input = JSON.parse(rawBody);
		} catch {
			return json({ error: 'body must be JSON' }, 400);
		}
	}
	try {
		switch (route) {
			case 'GET /webhooks/settings':
				return json(control.webhookSettings());
			case 'POST /webhooks/settings':
				return json(control.setWebhookSettings(input as Partial<WebhookSettings>));
			case 'POST /webhooks/crc-check':
				return json({ results: await control.runHourlyCrcCheck() });
			case 'POST /webhooks/scheduled-crc-check':
				return json({ results: await control.runScheduledCrcCheck() });
			case 'POST /webhooks/deliver': {
				const target = String(input.webhook_id ?? input.url ?? '');
				const { twice, tamper, unsigned, batch } = input as DeliveryOptions;
				return json({ results: await control.deliverEvent(target, input.event, { twice, tamper, unsigned, batch }) });
			}
			case 'GET /webhooks/deliveries':
				return json(control.deliveries());
			case 'GET /webhooks/crc-attempts':
				return json(control.crcAttempts());
			case 'GET /webhooks/events':
				return json(control.recordedEvents());
			case 'POST /activity/emit':
				return json({ deliveries: await control.emitActivity(String(input.user_id), String(input.event_type), input.payload) });
			case 'GET /activity/subscriptions':
				return json(control.activitySubscriptions());
			case 'GET /oauth/settings':
				return json(control.setOAuthFlow({}));
			case 'POST /oauth/settings':
				return json(control.setOAuthFlow(input as Partial<OAuthFlowSettings>));
			case 'GET /oauth/request-tokens':
				return json(control.requestTokens());
			case 'GET /oauth/issued':
				return json(control.issuedAccessTokens());
		}
		let m = /^GET \/webhooks\/replay-jobs\/([^/]+)$/.exec(route);
		if (m) {
			const job = control.replayJob(decodeURIComponent(m[1]));
			return job ? json(job) : json({ error: 'no such replay job' }, 404);
		}
		m = /^POST \/webhooks\/replay-jobs\/([^/]+)\/wait$/.exec(route);
		if (m) return json({ results: await control.waitForReplay(decodeURIComponent(m[1])) });
		return null;
	} catch (e) {
		return json({ error: (e as Error).message }, 400);
	}
}
