/**
 * Side state of the three-legged OAuth 1.0a flow (X's authentication and webhook docs): request tokens, who approves them,
 * and the access tokens the flow issued. One record per Store (a WeakMap), so reset() clears it.
 */
import type { Store } from '../store';

export type AccessType = 'read' | 'write';

export interface RequestTokenRecord {
	token: string;
	secret: string;
	/** "oob" or the callback URL given in the request_token step. */
	callback: string;
	accessType: AccessType | null;
	createdAt: number;
	/** Set once a user approved it on the authorize/authenticate page. */
	verifier: string | null;
	userId: string | null;
	denied: boolean;
	/** Exchanged for an access token (a request token works once). */
	used: boolean;
}

export interface OAuthFlowSettings {
	/** Which of store.users approves on the authorize/authenticate page (default 0). */
	authorizeUserIndex: number;
	/** The user presses "Cancel": callback flows redirect with ?denied=<request token>. */
	deny: boolean;
	/** The App's registered callback URLs; null accepts any http(s) URL (and oob always). */
	allowedCallbacks: string[] | null;
}

export const DEFAULT_OAUTH_FLOW_SETTINGS: OAuthFlowSettings = { authorizeUserIndex: 0, deny: false, allowedCallbacks: null };

/** X's request tokens expire; unused ones are refused after this. */
export const REQUEST_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface IssuedAccessToken {
	token: string;
	userId: string;
	accessType: AccessType | null;
	requestToken: string;
	issuedAt: number;
}

export interface OAuthFlowState {
	settings: OAuthFlowSettings;
	requestTokens: Map<string, RequestTokenRecord>;
	issued: IssuedAccessToken[];
}

const states = new WeakMap<Store, OAuthFlowState>();

export function oauthFlowState(store: Store): OAuthFlowState {
	let s = states.get(store);
	if (!s) {
		s = { settings: { ...DEFAULT_OAUTH_FLOW_SETTINGS }, requestTokens: new Map(), issued: [] };
		states.set(store, s);
	}
	return s;
}
