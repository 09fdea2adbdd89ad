/* eslint-disable -- Not shipped, needs what n8n's Cloud rules forbid; linted by test/eslint.config.mjs (CONTRIBUTING.md, Lint). */
/**
 * Derives the facts the emulator takes from X's reference (see facts.ts) from the reference itself
 * (../shared/reference or X_REFERENCE_DIR). `npm run reference:facts` writes them to recordedFacts.json;
 * test/reference/facts.test.ts compares them with the recorded ones.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { loadAdsReference, referenceDir, type AdsRefEndpoint } from './adsReference';
import { EXAMPLE_DATA, FACTS_FILE, TEXT_LISTS, textListKey, type Json, type MetricSpec, type RecordedEndpoint, type XFacts } from './facts';
import { liveOpenApi } from './openapi';

const REPO = resolve(__dirname, '../..');

/** The commit scripts/fetch-x-reference.sh fetches (its X_DOCS_COMMIT line: the one definition). */
export function pinnedCommit(): string {
	const script = readFileSync(join(REPO, 'scripts', 'fetch-x-reference.sh'), 'utf8');
	const m = /^X_DOCS_COMMIT=([0-9a-f]{40})$/m.exec(script);
	if (!m) throw new Error('scripts/fetch-x-reference.sh has no X_DOCS_COMMIT=<40 hex digits> line');
	return m[1];
}

// ---- The Ads table -------------------------------------------------------------------------------

function recordEndpoint(e: AdsRefEndpoint): RecordedEndpoint {
	const { params, line: _line, exampleRequest: _r, exampleResponseText: _t, exampleResponse: _x, ...rest } = e;
	return {
		...rest,
		params: params.map(({ text, ...p }) => ({ ...p, ...(/comma[- ]separat/i.test(text) ? { list: true as const } : {}) })),
	};
}

/** "Label: `A`, `B`" in a parameter's text; "`x_0` through `x_4`" stands for x_0 ... x_4. */
function textList(text: string, label: string): string[] | undefined {
	const at = text.indexOf(`${label}:`);
	if (at === -1) return undefined;
	const sentence = text.slice(at + label.length + 1).split(/\.(?:\s|$)/)[0];
	const out: string[] = [];
	for (const m of sentence.matchAll(/`([^`]+)`(?:\s+through\s+`([^`]+)`)?/g)) {
		const [from, to] = [m[1], m[2]];
		const range = to && /^(.*?)(\d+)$/.exec(from);
		if (range && to.startsWith(range[1])) {
			for (let n = Number(range[2]); n <= Number(to.slice(range[1].length)); n++) out.push(`${range[1]}${n}`);
		} else out.push(from);
	}
	return out;
}

function adsFacts(): XFacts['ads'] {
	const reference = loadAdsReference();
	const lookup = (key: string) => {
		const m = /^(GET|POST|PUT|DELETE) (\d+)\/(.+)$/.exec(key);
		return m ? reference.find(m[1], Number(m[2]), m[3]) : undefined;
	};
	const textLists: Record<string, string[]> = {};
	for (const [key, name, label] of TEXT_LISTS) {
		const list = textList(lookup(key)?.params.find((p) => p.name === name)?.text ?? '', label);
		if (!list?.length) throw new Error(`X's Ads reference gives no "${label}" for ${name} of ${key}`);
		textLists[textListKey(key, name, label)] = list;
	}
	const exampleData: Record<string, unknown[]> = {};
	for (const key of EXAMPLE_DATA) {
		const data = (lookup(key)?.exampleResponse as { data?: unknown } | undefined)?.data;
		exampleData[key] = Array.isArray(data) ? data : [];
	}
	return { endpoints: reference.endpoints.map(recordEndpoint), textLists, exampleData };
}

// ---- openapi.json, cut to what the emulator serves ------------------------------------------------

/** Keys whose members are names (properties, paths, ...), not keywords: nothing in them is dropped. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'paths', 'schemas', 'parameters', 'responses', 'content', 'mapping', 'headers', 'requestBodies', 'securitySchemes', 'encoding', 'definitions', '$defs', 'dependentSchemas']);
/** Annotations: X's prose and examples, no part of the contract ajv checks. */
const ANNOTATIONS = new Set(['description', 'summary', 'example', 'examples', 'externalDocs', 'tags']);

function withoutAnnotations(value: unknown, parentKey = ''): unknown {
	if (Array.isArray(value)) return value.map((v) => withoutAnnotations(v));
	if (!value || typeof value !== 'object') return value;
	const keepAll = NAME_MAPS.has(parentKey);
	return Object.fromEntries(
		Object.entries(value)
			.filter(([k]) => keepAll || !(ANNOTATIONS.has(k) || k.startsWith('x-')))
			.map(([k, v]) => [k, withoutAnnotations(v, keepAll ? '' : k)]),
	);
}

/** "METHOD /2/path/{param}" of every /2 route the emulator's route files register. */
export function emulatorV2Routes(): string[] {
	const dir = join(REPO, 'test', 'emulator', 'routes');
	const out = new Set<string>();
	for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
		for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/\.api\(\s*'(GET|POST|PUT|DELETE)',\s*'(\/2\/[^']+)'/g)) out.add(`${m[1]} ${m[2].replace(/:(\w+)/g, '{$1}')}`);
	}
	return [...out].sort();
}

/** Component schemas the emulator names itself (stream lines, the subscription request). */
const NAMED_SCHEMAS = ['ActivityStreamResponse', 'StreamPostsResponse', 'CreateActivitySubscriptionRequest', 'CreateActivitySubscriptionFilter'];

function openApiCut(doc: Json): Json {
	const paths: Record<string, Json> = {};
	const components: Record<string, Json> = {};
	const pending: unknown[] = [];
	for (const route of emulatorV2Routes()) {
		const [method, path] = route.split(' ');
		const item = (doc.paths as Record<string, Json>)[path];
		const op = item?.[method.toLowerCase()];
		if (!op) continue;
		paths[path] ??= item.parameters ? { parameters: item.parameters } : {};
		paths[path][method.toLowerCase()] = op;
		pending.push(item.parameters, op);
	}
	const take = (section: string, name: string) => {
		const from = (doc.components as Record<string, Json>)[section]?.[name];
		if (from === undefined) throw new Error(`openapi.json has no components/${section}/${name}`);
		components[section] ??= {};
		if (name in components[section]) return;
		components[section][name] = from;
		pending.push(from);
	};
	for (const name of NAMED_SCHEMAS) take('schemas', name);
	while (pending.length) {
		const v = pending.pop();
		if (Array.isArray(v)) pending.push(...v);
		else if (v && typeof v === 'object') {
			const ref = (v as Json).$ref;
			const m = typeof ref === 'string' ? /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref) : null;
			if (m) take(m[1], m[2].replace(/~1/g, '/').replace(/~0/g, '~'));
			pending.push(...Object.values(v));
		}
	}
	const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
	return withoutAnnotations({
		openapi: doc.openapi,
		paths: sorted(paths),
		components: sorted(Object.fromEntries(Object.entries(components).map(([k, v]) => [k, sorted(v)]))),
	}) as Json;
}

// ---- The X Activity API's pages (what openapi.json leaves to prose) -------------------------------

function activityFacts(doc: Json): XFacts['activity'] {
	const text = readFileSync(join(referenceDir(), 'x-docs', 'x-api', 'activity', 'introduction.mdx'), 'utf8');
	const schemas = (doc.components as { schemas: Record<string, { properties: Record<string, { enum?: string[]; description?: string }> }> }).schemas;
	const kinds = [...(schemas.CreateActivitySubscriptionRequest.properties.event_type.enum ?? [])];
	const families = (words: string) => [...words.matchAll(/\b([a-z]+)\.\*/g)].map((m) => `${m[1]}.`);
	const inFamilies = (words: string) => kinds.filter((k) => families(words).some((f) => k.startsWith(f)));

	// The introduction's event tables: kinds whose row lists the `direction` filter (like.create).
	const directional = [...text.matchAll(/^\|\s*`([a-z_.]+)`\s*\|[^\n]*\|([^|\n]*)\|\s*$/gm)].filter((m) => /`direction`/.test(m[2])).map((m) => m[1]);
	// "Not supported for mute.* or block.* events" (CreateActivitySubscriptionFilter.direction).
	const refused = /not supported for ([^.]*(?:\.\*[^.]*)*)/i.exec(schemas.CreateActivitySubscriptionFilter.properties.direction.description ?? '')?.[1] ?? '';
	// The introduction's "Current private events" list, and the families the create operation's description names.
	const section = text.slice(text.indexOf('**Current private events:**'), text.indexOf('**Authentication requirements for private events:**'));
	const listed = [...section.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1]);
	const create = String(((doc.paths as Record<string, Json>)['/2/activity/subscriptions'].post as Json).description ?? '');
	const scopes: Record<string, string> = {};
	for (const m of create.matchAll(/([a-z]+\.read) for ([^,]+?) events/g)) {
		for (const kind of inFamilies(m[2])) scopes[kind] ??= m[1];
	}
	const guideScopes: Record<string, string[]> = {};
	for (const kind of kinds) {
		const line = section.split('\n').find((l) => l.includes(`\`${kind}\``));
		const named = line ? [...line.matchAll(/requires the `([a-z.]+)` scope/g)].map((m) => m[1]) : [];
		if (named.length) guideScopes[kind] = named;
	}
	return {
		directional,
		directionRefused: inFamilies(refused),
		private: kinds.filter((k) => listed.includes(k) || inFamilies(create).includes(k)),
		scopes,
		guideScopes,
	};
}

// ---- X's analytics and A/B testing pages ---------------------------------------------------------

/** "Available Metrics by Metrics Group" and "Segmentation" of X's analytics page. */
function analyticsFacts(): XFacts['analytics'] {
	const lines = readFileSync(join(referenceDir(), 'x-docs', 'x-ads-api', 'analytics.mdx'), 'utf8').split('\n');
	const from = lines.findIndex((l) => l.startsWith('### Available Metrics by Metrics Group'));
	const to = lines.findIndex((l, i) => i > from && l.startsWith('### Segmentation'));
	const metrics: MetricSpec[] = [];
	let group = '';
	for (const line of lines.slice(from, to)) {
		const heading = /^####\s+`([A-Z_]+)`/.exec(line);
		if (heading) group = heading[1];
		const row = /^\|\s*`?([a-z0-9_\\]+)`?\s*\|(.*)\|\s*$/.exec(line);
		if (!row || !group) continue;
		const [description, segmentation, type, account] = row[2].split('|').map((c) => c.trim());
		const seg = segmentation.includes('✔') ? '*' : [...segmentation.matchAll(/`([A-Z_]+)`/g)].map((m) => m[1]);
		let members: string[] | undefined;
		if (/JSON object/.test(type)) {
			const by = /\bby (.+)$/.exec(description.replace(/\\/g, ''));
			members = by ? by[1].split(/,\s*(?:and\s+)?|\s+and\s+/).map((m) => m.trim()).filter(Boolean) : /sale amount and order quantity/.test(description) ? ['metric', 'sale_amount', 'order_quantity'] : ['metric'];
		}
		metrics.push({ name: row[1].replace(/\\/g, ''), group, ...(members ? { members } : {}), segmentations: seg, forAccount: (account ?? '').includes('✔') });
	}
	const seg = lines.findIndex((l) => l.startsWith('| Segmentation Type |'));
	const countryRequired: string[] = [];
	for (let i = seg + 1; i < lines.length && lines[i].startsWith('|'); i++) {
		const m = /^\|\s*`([A-Z_]+)\*?`\s*\|\s*(.*?)\s*\|/.exec(lines[i]);
		if (m && m[2].includes('✔')) countryRequired.push(m[1]);
	}
	if (!metrics.length || !countryRequired.length) throw new Error("X's analytics page no longer lists metrics or segmentation types where they are read");
	return { metrics, countryRequired };
}

function abTestFacts(): XFacts['abTest'] {
	const page = readFileSync(join(referenceDir(), 'x-docs', 'x-ads-api', 'measurement', 'ab-testing.mdx'), 'utf8');
	const m = /The entity_type can be set to ([A-Z_]+) or ([A-Z_]+)/.exec(page);
	if (!m) throw new Error('ab-testing.mdx no longer says which entity_type values it takes');
	return { entityTypes: [m[1], m[2]] };
}

/** Every fact the emulator takes from X's reference, from the reference itself. */
export function deriveFacts(): XFacts {
	const doc = liveOpenApi();
	return { commit: pinnedCommit(), ads: adsFacts(), openapi: openApiCut(doc), activity: activityFacts(doc), analytics: analyticsFacts(), abTest: abTestFacts() };
}

/** recordedFacts.json's text: one value per line, so that a change of X's reference reads as a short diff. */
export function factsText(facts: XFacts): string {
	return `${JSON.stringify(facts, null, 1)}\n`;
}

if (require.main === module) {
	const text = factsText(deriveFacts());
	const before = (() => {
		try {
			return readFileSync(FACTS_FILE, 'utf8');
		} catch {
			return '';
		}
	})();
	writeFileSync(FACTS_FILE, text);
	console.log(`reference:facts: ${before === text ? 'unchanged' : 'rewrote'} ${FACTS_FILE.replace(`${REPO}/`, '')} (${Math.round(text.length / 1024)} KiB) from ${referenceDir()}`);
}
