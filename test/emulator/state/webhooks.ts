/**
 * Side state of v2 webhooks, deliveries, replay jobs and activity subscriptions (X's authentication and webhook docs).
 * The webhooks themselves stay in `store.webhooks` (their public shape); everything else lives
 * here, one record per Store (a WeakMap), so reset() starts it afresh.
 */
import type { Store } from '../store';

export interface WebhookSettings {
	/**
	 * Off (default): like X, a callback must be https, without a port, on a public host (loopback,
	 * private, link-local and .local/.localhost/.internal hosts are refused with UrlValidationFailed).
	 * On: loopback hosts (127.0.0.0/8, ::1, localhost) are accepted, also over http and with a port.
	 */
	allowHttpLoopbackCallbacks: boolean;
	/** Webhooks per app (X does not publish its maximum; default 1). */
	maxWebhooks: number;
	/** CRC answer deadline (X: 3 seconds). */
	crcTimeoutMs: number;
	/** Deadline of an event POST. */
	deliveryTimeoutMs: number;
	/** Extra CA certificate(s), PEM, trusted for https callbacks (e.g. a test's self-signed certificate). */
	trustedCaPem: string | null;
	/** Accept any certificate of an https callback (rejectUnauthorized false). */
	allowSelfSignedCertificates: boolean;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
	allowHttpLoopbackCallbacks: false,
	maxWebhooks: 1,
	crcTimeoutMs: 3000,
	deliveryTimeoutMs: 10_000,
	trustedCaPem: null,
	allowSelfSignedCertificates: false,
};

/** One outgoing CRC GET (registration, validation, hourly check). */
export interface CrcAttempt {
	time: string;
	webhookId: string | null;
	url: string;
	trigger: 'create' | 'validate' | 'hourly' | 'scheduled';
	ok: boolean;
	/** HTTP status of the callback's answer; null when none came. */
	status: number | null;
	/** Why it failed, in words (never a secret). */
	reason?: string;
}

/** One POST of an event body to a callback. */
export interface DeliveryResult {
	webhookId: string | null;
	url: string;
	/** The receiver's HTTP status; null when the POST got no answer or was skipped. */
	status: number | null;
	/** Set when nothing was sent (e.g. "webhook invalid") or the POST failed (e.g. "timed out"). */
	error?: string;
	signed: boolean;
	tampered: boolean;
	replay: boolean;
	/** The raw body that was sent. */
	body: string;
}

/** An event the emulator addressed to a registered webhook; replay sends these again. */
export interface RecordedEvent {
	seq: number;
	webhookId: string;
	/** Emulator time (ms) the event was addressed to the webhook. */
	time: number;
	/** Raw JSON body, exactly as first sent. */
	body: string;
	source: 'event' | 'activity';
	/** Whether the first attempt reached the receiver and got a 2xx. */
	delivered: boolean;
}

export interface ReplayJob {
	job_id: string;
	webhook_id: string;
	/** Window in emulator time (ms): from <= event time < to. */
	fromMs: number;
	toMs: number;
	created_at: string;
	status: 'running' | 'complete';
	results: DeliveryResult[];
	done: Promise<DeliveryResult[]>;
}

/** filter.direction of activity subscriptions (openapi.json's CreateActivitySubscriptionFilter enum). */
export type Direction = 'inbound' | 'outbound';

export interface ActivitySubscription {
	subscription_id: string;
	event_type: string;
	filter: { user_id?: string; keyword?: string; direction?: Direction };
	tag?: string;
	webhook_id?: string;
	created_at: string;
	updated_at: string;
}

export interface WebhookState {
	settings: WebhookSettings;
	/** Normalized URLs whose registration is running its CRC (a second create is a duplicate). */
	pendingUrls: Set<string>;
	crcLog: CrcAttempt[];
	deliveries: DeliveryResult[];
	events: RecordedEvent[];
	replayJobs: Map<string, ReplayJob>;
	subscriptions: ActivitySubscription[];
	/** Emulator time (ms) of each webhook's last successful CRC (for the 30-minute round). */
	validatedAt: Map<string, number>;
	nextSeq: number;
	/** A hostile X's deliveries (test/hostile/hostileX.ts): each body rewritten before it is signed and sent. */
	deliveryRewrite?: (body: string) => string;
}

const states = new WeakMap<Store, WebhookState>();

export function webhookState(store: Store): WebhookState {
	let s = states.get(store);
	if (!s) {
		s = {
			settings: { ...DEFAULT_WEBHOOK_SETTINGS },
			pendingUrls: new Set(),
			crcLog: [],
			deliveries: [],
			events: [],
			replayJobs: new Map(),
			subscriptions: [],
			validatedAt: new Map(),
			nextSeq: 1,
		};
		states.set(store, s);
	}
	return s;
}

/** Emulator time: the real clock plus control.advanceClock offsets (when the store has one). */
export function emulatorNow(store: Store): number {
	const offset = (store as { clockOffsetMs?: number }).clockOffsetMs;
	return Date.now() + (typeof offset === 'number' ? offset : 0);
}

/** Keeps logs bounded. */
export const MAX_WEBHOOK_LOG = 10_000;
export function pushBounded<T>(list: T[], entry: T): void {
	list.push(entry);
	if (list.length > MAX_WEBHOOK_LOG) list.splice(0, list.length - MAX_WEBHOOK_LOG);
}
