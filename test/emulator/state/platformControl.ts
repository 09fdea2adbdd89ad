/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Control operations of the event platform (Account Activity, filtered-stream rules and links, the
 * activity stream, stream connections, OAuth 2.0 user tokens): in-process (part of EmulatorControl)
 * and over HTTP under /_emulator (handlePlatformControlRequest):
 *   GET|POST /platform/settings   POST /platform/account-activity/emit {user_id, activity}
 *   POST /platform/filtered-stream/emit {post}   POST /platform/stream/drop   POST /platform/stream/stale
 *   GET /platform/connections   GET /platform/oauth2/client   POST /platform/oauth2/settings
 *   POST /platform/oauth2/issue {user_index, scopes}
 */
import type { EmulatorResponse } from '../http';
import { emitAccountActivity } from '../routes/accountActivity';
import { addStaleConnection, dropActivityStreams } from '../routes/activityStream';
import { issueOAuth2Token } from '../routes/oauth2';
import { emitFilteredPost } from '../routes/streamRules';
import { snowflake } from '../util';
import type { Store } from '../store';
import type { DeliveryResult } from './webhooks';
import { emulatorNow } from './webhooks';
import {
	DEFAULT_PLATFORM_SETTINGS,
	platformState,
	type AccountActivitySubscription,
	type OAuth2Settings,
	type PlatformSettings,
	type StreamConnection,
	type StreamLink,
	type StreamRule,
} from './platform';

export interface PlatformControl {
	/** Stream settings: maxStreamConnections, keepAliveMs, splitWrites, slowReaderBytes, backfillWindowMs. */
	setPlatformSettings(settings: Partial<PlatformSettings>): PlatformSettings;
	/** An account activity of a user ({direct_message_events:[...]}, ...) to each webhook the user subscribed. */
	emitAccountActivity(userId: string, activity: Record<string, unknown>): Promise<DeliveryResult[]>;
	/** A post: to every webhook linked to the filtered stream and every filtered-stream connection when a rule matches its text. */
	emitFilteredPost(post: { id: string; text: string; [k: string]: unknown }): Promise<DeliveryResult[]>;
	/** Ends every open connection of a stream (default the activity stream; FILTERED_STREAM_ENDPOINT) the way X's operational disconnects do; returns how many. */
	dropActivityStreams(endpoint?: string): number;
	/** A connection X still counts whose client is gone (default on the activity stream); returns its id. */
	addStaleStreamConnection(endpoint?: string): string;
	/** Every streaming connection, open and closed. */
	streamConnections(): Array<Omit<StreamConnection, 'close'>>;
	/** Readers currently attached to the activity stream. */
	activityStreamReaders(): number;
	accountActivitySubscriptions(): AccountActivitySubscription[];
	streamRules(): StreamRule[];
	/** A rule another client of the App added (as POST /2/tweets/search/stream/rules would). */
	addStreamRule(rule: { value: string; tag?: string }): StreamRule;
	streamLinks(): StreamLink[];
	/** The App's OAuth 2.0 client (confidential: Basic client_id:client_secret on the token endpoint). */
	oauth2Client(): { clientId: string; clientSecret: string };
	setOAuth2(settings: Partial<OAuth2Settings>): OAuth2Settings;
	/** A user token issued without the browser flow. */
	issueOAuth2Token(userIndex: number, scopes: string[]): { access_token: string; refresh_token?: string; scope: string; expires_in: number; token_type: string };
}

function checkSettings(s: Partial<PlatformSettings>): void {
	for (const [key, value] of Object.entries(s)) {
		if (!(key in DEFAULT_PLATFORM_SETTINGS)) throw new Error(`unknown platform setting ${key}`);
		if (typeof value !== typeof DEFAULT_PLATFORM_SETTINGS[key as keyof PlatformSettings]) throw new Error(`platform setting ${key} must be a ${typeof DEFAULT_PLATFORM_SETTINGS[key as keyof PlatformSettings]}`);
	}
}

export function createPlatformControl(store: () => Store): PlatformControl {
	return {
		setPlatformSettings(settings) {
			checkSettings(settings);
			const state = platformState(store());
			Object.assign(state.settings, settings);
			return { ...state.settings };
		},
		emitAccountActivity: (userId, activity) => emitAccountActivity(store(), userId, activity),
		emitFilteredPost: (post) => emitFilteredPost(store(), post),
		dropActivityStreams: (endpoint) => dropActivityStreams(store(), undefined, endpoint),
		addStaleStreamConnection: (endpoint) => addStaleConnection(store(), endpoint),
		streamConnections: () => platformState(store()).connections.map(({ close: _close, ...c }) => ({ ...c })),
		activityStreamReaders: () => platformState(store()).streamReaders.size,
		accountActivitySubscriptions: () => platformState(store()).accountActivity.map((s) => ({ ...s })),
		streamRules: () => platformState(store()).rules.map((r) => ({ ...r })),
		addStreamRule: (rule) => {
			const added = { id: snowflake(), value: rule.value, ...(rule.tag !== undefined ? { tag: rule.tag } : {}) };
			platformState(store()).rules.push(added);
			return { ...added };
		},
		streamLinks: () => platformState(store()).links.map((l) => ({ ...l })),
		oauth2Client: () => ({ ...platformState(store()).oauth2.client }),
		setOAuth2(settings) {
			const current = platformState(store()).oauth2.settings;
			Object.assign(current, settings);
			return { ...current };
		},
		issueOAuth2Token: (userIndex, scopes) => issueOAuth2Token(store(), userIndex, scopes, emulatorNow(store())),
	};
}

const json = (body: unknown, status = 200): EmulatorResponse => ({ status, body });

export async function handlePlatformControlRequest(control: PlatformControl, method: string, path: string, rawBody: string): Promise<EmulatorResponse | null> {
	const route = `${method} ${path.replace(/\/$/, '') || '/'}`;
	if (!/^(GET|POST) \/platform\//.test(route)) return null;
	let input: Record<string, unknown> = {};
	try {
		if (rawBody.trim() !== '') input = JSON.parse(rawBody);
	} catch {
		return json({ error: 'body must be JSON' }, 400);
	}
	try {
		switch (route) {
			case 'GET /platform/settings':
				return json(control.setPlatformSettings({}));
			case 'POST /platform/settings':
				return json(control.setPlatformSettings(input as Partial<PlatformSettings>));
			case 'POST /platform/account-activity/emit':
				return json({ results: await control.emitAccountActivity(String(input.user_id), (input.activity ?? {}) as Record<string, unknown>) });
			case 'POST /platform/filtered-stream/emit':
				return json({ results: await control.emitFilteredPost(input.post as { id: string; text: string }) });
			case 'POST /platform/stream/drop':
				return json({ dropped: control.dropActivityStreams(input.endpoint === undefined ? undefined : String(input.endpoint)) });
			case 'POST /platform/stream/stale':
				return json({ id: control.addStaleStreamConnection(input.endpoint === undefined ? undefined : String(input.endpoint)) });
			case 'GET /platform/connections':
				return json(control.streamConnections());
			case 'GET /platform/oauth2/client':
				return json(control.oauth2Client());
			case 'POST /platform/oauth2/settings':
				return json(control.setOAuth2(input as Partial<OAuth2Settings>));
			case 'POST /platform/oauth2/issue':
				return json(control.issueOAuth2Token(Number(input.user_index ?? 0), (input.scopes as string[]) ?? ['tweet.read', 'users.read']));
		}
		return null;
	} catch (e) {
		return json({ error: (e as Error).message }, 400);
	}
}
