/**
 * The User-Agent of every request the nodes send. X's guide asks clients to name themselves and
 * their version there: "critical for diagnosing issues on X's end"
 * (https://docs.x.com/x-api/fundamentals/handling-disconnections, "Set User-Agent header").
 */

/** package.json's version: `npm version` rewrites it (scripts/sync-version.mjs); test/unit/userAgent.test.ts checks it. */
export const PACKAGE_VERSION = '0.1.0';

/** The package and its version, then n8n (product tokens, RFC 9110). */
export const USER_AGENT = `n8n-nodes-x-ads/${PACKAGE_VERSION} n8n`;
