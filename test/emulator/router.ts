/**
 * Minimal router: "/12/accounts/:account_id" style patterns, matched per base. Ads routes serve
 * both the production and the sandbox base; sandbox-only routes are registered for adsSandbox only.
 */
import type { EmulatorResponse, RequestContext } from './http';
import type { Base } from './store';

export type Handler = (ctx: RequestContext) => EmulatorResponse | Promise<EmulatorResponse>;

/**
 * How a route authenticates. oauth1-user: signed with an access token. oauth1-app: signed by the
 * app, token optional. bearer: app-only bearer token. none: the handler checks (e.g. Basic auth).
 */
export type AuthMode = 'oauth1-user' | 'oauth1-app' | 'bearer' | 'none';

export interface Route {
	method: string;
	bases: Base[];
	pattern: string;
	segments: string[];
	handler: Handler;
	auth?: AuthMode;
}

export interface RouteMatch {
	route: Route;
	params: Record<string, string>;
}

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, bases: Base[], pattern: string, handler: Handler, auth?: AuthMode): void {
		this.routes.push({ method: method.toUpperCase(), bases, pattern, segments: split(pattern), handler, auth });
	}

	/** Ads API route, served on both {ads_url} and {ads_sandbox_url}. */
	ads(method: string, pattern: string, handler: Handler): void {
		this.add(method, ['ads', 'adsSandbox'], pattern, handler);
	}

	/** Sandbox-only Ads route (e.g. creating accounts); absent on the production base. */
	sandbox(method: string, pattern: string, handler: Handler): void {
		this.add(method, ['adsSandbox'], pattern, handler);
	}

	/** Route on {base_url}. */
	api(method: string, pattern: string, handler: Handler, auth?: AuthMode): void {
		this.add(method, ['api'], pattern, handler, auth);
	}

	/** Every registered route (method, bases, pattern). */
	list(): ReadonlyArray<Pick<Route, 'method' | 'bases' | 'pattern'>> {
		return this.routes;
	}

	match(base: Base, method: string, rawPath: string): RouteMatch | null {
		const segs = split(rawPath);
		const decoded = segs.map((s) => {
			try {
				return decodeURIComponent(s);
			} catch {
				return null;
			}
		});
		if (decoded.includes(null)) return null;
		for (const route of this.routes) {
			if (route.method !== method || !route.bases.includes(base)) continue;
			if (route.segments.length !== segs.length) continue;
			const params: Record<string, string> = {};
			let matched = true;
			for (let i = 0; i < segs.length && matched; i++) {
				const p = route.segments[i];
				const value = decoded[i] as string;
				if (p.startsWith(':')) {
					if (value === '') matched = false;
					else params[p.slice(1)] = value;
				} else if (p !== value) matched = false;
			}
			if (matched) return { route, params };
		}
		return null;
	}
}

/** "/a/b/" keeps its trailing empty segment so it does not match "/a/b" (X is strict too). */
function split(path: string): string[] {
	return path.replace(/^\//, '').split('/');
}
