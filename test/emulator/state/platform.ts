/**
 * Side state of the rest of X's event platform: Account Activity subscriptions (webhook + user),
 * filtered-stream rules and their webhook links, streaming connections (the activity stream and the
 * connections endpoints), and OAuth 2.0 user tokens (authorization code with PKCE). One record per
 * Store (a WeakMap), so reset() starts it afresh.
 */
import { createHash } from 'node:crypto';

import type { Store } from '../store';

export interface PlatformSettings {
	/** Concurrent connections per App to each stream (X: one on pay-per-use, more on Enterprise; beyond it TooManyConnections). */
	maxStreamConnections: number;
	/** Blank-line keep-alives of an open stream (X: every 20 seconds). */
	keepAliveMs: number;
	/** Write each event line in two TCP writes, cut in the middle (a reader must join partial lines). */
	splitWrites: boolean;
	/**
	 * A reader that leaves this many bytes unread in the connection's buffer is disconnected (X cuts
	 * readers that fall behind); 0 never.
	 */
	slowReaderBytes: number;
	/** How long events stay available to backfill_minutes / start_time (X: 5 minutes of backfill). */
	backfillWindowMs: number;
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
	maxStreamConnections: 1,
	keepAliveMs: 20_000,
	splitWrites: false,
	slowReaderBytes: 0,
	backfillWindowMs: 24 * 3600 * 1000,
};

export interface AccountActivitySubscription {
	webhookId: string;
	userId: string;
	createdAt: number;
}

export interface StreamRule {
	id: string;
	value: string;
	tag?: string;
}

export interface StreamLink {
	webhook_id: string;
	created_at: string;
	fields: string[];
	instance_id: string;
}

/** One streaming connection, open or closed (GET /2/connections lists them). */
export interface StreamConnection {
	id: string;
	endpoint_name: string;
	client_ip: string;
	connected_at: string;
	disconnected_at?: string;
	disconnect_reason?: string;
	/** Open connections: ends it (the socket is closed) with the reason recorded. */
	close?: (reason: string) => void;
	/** A connection X still counts although its client is gone (no socket): a stale one. */
	stale?: boolean;
}

/** An event a stream carried (for backfill), in emulator time. */
export interface StreamEvent {
	time: number;
	line: string;
	eventUuid: string;
	/** The stream that carries it (a connection's endpoint_name); the activity stream when absent. */
	endpoint?: string;
	/** The line for a connection's query (the filtered stream's fields and expansions); line when absent. */
	render?: (query: Array<[string, string]>) => string;
}

export interface OAuth2Code {
	code: string;
	clientId: string;
	redirectUri: string;
	challenge: string;
	method: 'S256' | 'plain';
	scopes: string[];
	userId: string;
	expiresAt: number;
	used: boolean;
}

export interface OAuth2Token {
	token: string;
	kind: 'access' | 'refresh';
	userId: string;
	scopes: string[];
	clientId: string;
	expiresAt: number;
	revoked: boolean;
}

export interface OAuth2Settings {
	/** Which of store.users approves on the authorize page (default 0). */
	authorizeUserIndex: number;
	/** The user presses "Cancel": the redirect carries error=access_denied. */
	deny: boolean;
	/** Lifetime of access tokens (X: two hours). */
	accessTokenTtlMs: number;
}

export interface PlatformState {
	settings: PlatformSettings;
	accountActivity: AccountActivitySubscription[];
	/** Subscriptions the App is provisioned for (GET /2/account_activity/subscriptions/count). */
	provisionedCount: number;
	rules: StreamRule[];
	links: StreamLink[];
	connections: StreamConnection[];
	streamEvents: StreamEvent[];
	/** Live readers of the activity stream. */
	streamReaders: Set<(event: StreamEvent) => void>;
	oauth2: {
		client: { clientId: string; clientSecret: string };
		settings: OAuth2Settings;
		codes: Map<string, OAuth2Code>;
		tokens: Map<string, OAuth2Token>;
	};
}

const states = new WeakMap<Store, PlatformState>();

const derived = (what: string, from: string) => createHash('sha256').update(`oauth2 ${what}\n${from}`).digest('base64url');

export function platformState(store: Store): PlatformState {
	let s = states.get(store);
	if (!s) {
		s = {
			settings: { ...DEFAULT_PLATFORM_SETTINGS },
			accountActivity: [],
			provisionedCount: 15,
			rules: [],
			links: [],
			connections: [],
			streamEvents: [],
			streamReaders: new Set(),
			oauth2: {
				// Derived from the App's keys: the same OAuth 2.0 client after every reset().
				client: { clientId: derived('client', store.app.consumerKey).slice(0, 34), clientSecret: derived('secret', store.app.consumerSecret) },
				settings: { authorizeUserIndex: 0, deny: false, accessTokenTtlMs: 2 * 3600 * 1000 },
				codes: new Map(),
				tokens: new Map(),
			},
		};
		states.set(store, s);
	}
	return s;
}

/** Open connections (stale ones included: X counts them until they are terminated). */
export function openConnections(store: Store): StreamConnection[] {
	return platformState(store).connections.filter((c) => c.disconnected_at === undefined);
}

/** Ends a connection: closes its socket (if any) and records why. */
export function endConnection(c: StreamConnection, reason: string, now: number): boolean {
	if (c.disconnected_at !== undefined) return false;
	c.disconnected_at = new Date(now).toISOString();
	c.disconnect_reason = reason;
	const close = c.close;
	delete c.close;
	close?.(reason);
	return true;
}
