/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * The suite-wide secret sweep's recorder. When HARNESS_RECORD_DIR is set (jest's globalSetup sets
 * it, see test/secretSweep.setup.js), every harness in every jest worker appends to
 * `<dir>/<pid>.jsonl`: each log line, each output item and error of every workflow it runs, each
 * credential test's message, and the secret values of every credential it stores. After the last
 * test, test/secretSweep.teardown.js fails the run if any recorded secret appears in any other line.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.HARNESS_RECORD_DIR;

/** JSON that keeps what n8n would store of an error, and survives circular objects. */
function stringify(value: unknown): string {
	const seen = new WeakSet<object>();
	return JSON.stringify(value, (_key, v: unknown) => {
		if (v instanceof Error) {
			const e = v as Error & Record<string, unknown>;
			return { ...e, name: e.name, message: e.message, stack: e.stack, description: e.description, context: e.context };
		}
		if (typeof v === 'bigint') return String(v);
		if (v && typeof v === 'object') {
			if (seen.has(v)) return '[circular]';
			seen.add(v);
		}
		return v;
	});
}

export function recording(): boolean {
	return !!dir;
}

export function recordLine(kind: string, data: Record<string, unknown>): void {
	if (!dir) return;
	appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${stringify({ kind, ...data })}\n`);
}

const SECRET_NAME = /secret|token|password|key/i;

/** Values of secret-looking fields (nested too), and the Basic value of a key and secret pair. */
export function recordCredentialSecrets(type: string, data: Record<string, unknown>): void {
	if (!dir) return;
	const found: Array<{ field: string; value: string }> = [];
	const walk = (object: Record<string, unknown>, prefix: string) => {
		for (const [key, value] of Object.entries(object)) {
			if (value && typeof value === 'object') walk(value as Record<string, unknown>, `${prefix}${key}.`);
			else if (typeof value === 'string' && value.length >= 8 && SECRET_NAME.test(key) && !/^(=|https?:)/.test(value)) {
				found.push({ field: `${type}.${prefix}${key}`, value });
			}
		}
	};
	walk(data, '');
	const key = data.apiKey ?? data.consumerKey;
	const secret = data.apiKeySecret ?? data.consumerSecret;
	if (typeof key === 'string' && typeof secret === 'string' && key && secret) {
		const basic = Buffer.from(`${encodeURIComponent(key)}:${encodeURIComponent(secret)}`).toString('base64');
		found.push({ field: `${type} Basic value`, value: basic });
	}
	if (found.length) recordLine('secrets', { secrets: found });
}
