/**
 * jest globalSetup: a fresh folder for the harness recorder (test/harness/recording.ts). Workers
 * start after this and inherit HARNESS_RECORD_DIR.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

module.exports = async () => {
	process.env.HARNESS_RECORD_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'x-ads-secret-sweep-'));
};
