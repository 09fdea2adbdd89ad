/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
import { XOAuth1Api } from '../../credentials/XOAuth1Api.credentials';
import {
	oauthClock,
	parsePairs,
	percentEncode,
	signRequest,
	signRequestOptions,
	signatureBaseString,
	type SignableOptions,
} from '../../nodes/shared/transport/oauth1';

const realClock = { ...oauthClock };
function fixClock(timestamp: string, nonce: string) {
	oauthClock.timestamp = () => timestamp;
	oauthClock.nonce = () => nonce;
}
afterEach(() => Object.assign(oauthClock, realClock));

const X_KEYS = {
	consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
	consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
	token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
	tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};
const X_STATUS = 'Hello Ladies + Gentlemen, a signed OAuth request!';

describe('RFC 3986 encoding', () => {
	it('encodes everything but unreserved characters, space as %20', () => {
		expect(percentEncode("a b!*'()~-._")).toBe('a%20b%21%2A%27%28%29~-._');
		expect(percentEncode('☃')).toBe('%E2%98%83');
		expect(percentEncode('a+b=c&d')).toBe('a%2Bb%3Dc%26d');
	});

	it('parses form pairs with + as space and keeps duplicate keys in order', () => {
		expect(parsePairs('a=1&b=x+y&a=2&c')).toEqual([
			['a', '1'],
			['b', 'x y'],
			['a', '2'],
			['c', ''],
		]);
	});
});

describe('signature vectors', () => {
	it('matches RFC 5849 section 1.2', () => {
		fixClock('137131202', 'chapoH');
		const signed = signRequest(
			{ consumerKey: 'dpf43f3p2l4k3l03', consumerSecret: 'kd94hf93k423kf44', token: 'nnch734d00sl2jdk', tokenSecret: 'pfkkdhi9sl3r4s00' },
			{ method: 'GET', url: 'http://photos.example.net/photos?file=vacation.jpg&size=original', includeVersion: false },
		);
		expect(signed.signature).toBe('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
		expect(signed.url).toBe('http://photos.example.net/photos?file=vacation.jpg&size=original');
	});

	it('matches X\'s "Creating a signature" page (query + form body)', () => {
		fixClock('1318622958', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg');
		const signed = signRequest(X_KEYS, {
			method: 'POST',
			url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
			form: [['status', X_STATUS]],
		});
		expect(signed.signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
		expect(signed.authorization).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
		expect(signed.authorization).toContain('oauth_version="1.0"');
	});

	it('gives the X vector through the credential\'s authenticate (n8n request options, form body)', async () => {
		fixClock('1318622958', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg');
		const credential = new XOAuth1Api();
		const options = await credential.authenticate(
			{ consumerKey: X_KEYS.consumerKey, consumerSecret: X_KEYS.consumerSecret, accessToken: X_KEYS.token, accessTokenSecret: X_KEYS.tokenSecret },
			{
				method: 'POST',
				url: 'https://api.twitter.com/1.1/statuses/update.json',
				qs: { include_entities: true },
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: { status: X_STATUS },
			},
		);
		expect(String(options.headers?.Authorization)).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
		expect(options.url).toBe('https://api.twitter.com/1.1/statuses/update.json?include_entities=true');
		expect(options.qs).toBeUndefined();
		expect(options.body).toBe('status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21');
	});

	it('signs the legacy request shape (uri, form) the same way', () => {
		fixClock('1318622958', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg');
		const options = signRequestOptions(X_KEYS, {
			method: 'POST',
			uri: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
			form: { status: X_STATUS },
		} as SignableOptions);
		expect(String(options.headers?.Authorization)).toContain('oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"');
		expect(options.uri).toBe('https://api.twitter.com/1.1/statuses/update.json?include_entities=true');
		expect(options.form).toBeUndefined();
	});
});

describe('what is signed is what is sent', () => {
	it('keeps duplicate keys, sorts by encoded key then value, and never signs a JSON body', () => {
		fixClock('1700000000', 'n0nce');
		const options = signRequestOptions(X_KEYS, {
			method: 'POST',
			url: 'https://ads-api.x.com/12/accounts/abc/cards?b=2&a=z',
			qs: { a: ['y', 'x'], q: 'café & bar' },
			headers: { 'Content-Type': 'application/json' },
			body: { name: 'not signed' },
		});
		expect(options.url).toBe('https://ads-api.x.com/12/accounts/abc/cards?b=2&a=z&a=y&a=x&q=caf%C3%A9%20%26%20bar');
		expect(options.body).toEqual({ name: 'not signed' });
		const base = signatureBaseString(
			'POST',
			'https://ads-api.x.com/12/accounts/abc/cards',
			parsePairs('b=2&a=z&a=y&a=x&q=caf%C3%A9%20%26%20bar'),
		);
		expect(base).toContain(percentEncode('a=x&a=y&a=z&b=2&q=caf%C3%A9%20%26%20bar'));
	});

	it('resolves a relative url against baseURL (credential tests) and drops the default port', () => {
		fixClock('1700000000', 'n0nce');
		const options = signRequestOptions(X_KEYS, { method: 'GET', baseURL: 'https://ads-api.x.com:443/', url: '/12/accounts', qs: { count: 1 } });
		expect(options.url).toBe('https://ads-api.x.com/12/accounts?count=1');
		const signed = signRequest(X_KEYS, { method: 'GET', url: 'https://ADS-API.x.com:443/12/accounts?count=1' });
		expect(signed.baseString.startsWith(`GET&${percentEncode('https://ads-api.x.com/12/accounts')}&`)).toBe(true);
	});
});
