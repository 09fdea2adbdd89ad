/**
 * jest globalTeardown: the suite-wide secret sweep. Every credential secret any harness stored
 * (consumer key and secret, access token and secret, bearer tokens, the Basic value of key and
 * secret) must appear in no log line, output item, error or credential-test message any harness
 * recorded during the run. A hit fails the run, naming the file, line, kind and field (never the
 * value). The folder is removed when clean and kept for inspection otherwise.
 */
const fs = require('node:fs');
const path = require('node:path');

module.exports = async () => {
	const dir = process.env.HARNESS_RECORD_DIR;
	if (!dir || !fs.existsSync(dir)) return;
	const files = fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(dir, f));
	const secrets = new Map();
	const lines = [];
	for (const file of files) {
		fs.readFileSync(file, 'utf8').split('\n').forEach((line, n) => {
			if (!line) return;
			if (line.startsWith('{"kind":"secrets"')) {
				for (const { field, value } of JSON.parse(line).secrets) secrets.set(value, field);
			} else {
				lines.push({ file, n: n + 1, line });
			}
		});
	}
	const hits = [];
	for (const { file, n, line } of lines) {
		for (const [value, field] of secrets) {
			if (line.includes(value)) hits.push(`${path.basename(file)}:${n} (${JSON.parse(line).kind}) holds ${field}`);
		}
	}
	console.log(`\nsecret sweep: ${lines.length} recorded lines checked against ${secrets.size} credential secrets: ${hits.length ? `${hits.length} LEAKS` : 'none found'}`);
	if (hits.length) {
		throw new Error(`Secrets leaked into logs, outputs or errors (records kept in ${dir}):\n${hits.slice(0, 50).join('\n')}`);
	}
	fs.rmSync(dir, { recursive: true, force: true });
};
