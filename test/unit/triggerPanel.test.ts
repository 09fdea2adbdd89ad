/**
 * The X Trigger as n8n's editor shows it: the trigger actions its node creator derives from the
 * first parameter named Events (each option's `action`, else "On " + the option name in lower case:
 * "On block block" before), and which credential fields a panel shows for each node version
 * (n8n-workflow's own displayParameter, as the editor and n8n-core evaluate them).
 */
import type { INodeCredentialDescription, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { XTrigger } from '../../nodes/XTrigger/XTrigger.node';

const description = new XTrigger().description;

/** n8n's node creator: the first property whose label is Event, Events or Trigger On; options but "*". */
function creatorActions(): string[] {
	const events = description.properties.find((p) => ['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()))!;
	return (events.options as INodePropertyOptions[])
		.filter((o) => !['*', '', ' '].includes(o.name))
		.map((o) => o.action ?? `On ${o.name.replace(/\./g, ' ').toLowerCase()}`);
}

const words = (label: string) => label.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
const repeatedWord = (label: string) => words(label).find((w, i, all) => all.indexOf(w) !== i);

const optionLists = (): Array<[string, INodePropertyOptions[]]> => {
	const lists: Array<[string, INodePropertyOptions[]]> = [];
	const walk = (props: INodeProperties[], path: string) => {
		for (const p of props) {
			if (p.type === 'options' || p.type === 'multiOptions') lists.push([`${path}${p.name} (${JSON.stringify(p.displayOptions?.show ?? {})})`, p.options as INodePropertyOptions[]]);
			for (const o of p.options ?? []) if ('values' in o) walk(o.values, `${path}${p.name}.`);
		}
	};
	walk(description.properties, '');
	return lists;
};

describe('X Trigger actions in the node creator', () => {
	test('every action is a phrase without a repeated word, and no two are the same', () => {
		const actions = creatorActions();
		expect(actions.length).toBeGreaterThanOrEqual(41);
		expect(actions.filter((a) => repeatedWord(a)).map((a) => `${a} (${repeatedWord(a)})`)).toEqual([]);
		expect(actions.filter((a, i) => actions.indexOf(a) !== i)).toEqual([]);
		expect(actions).toEqual(expect.arrayContaining(['On Post Liked', 'On User Blocked', 'On Direct Message Received', 'On News Headline']));
	});

	test('every option of the panel has its own name without a repeated word', () => {
		const problems: string[] = [];
		for (const [where, options] of optionLists()) {
			const names = options.map((o) => o.name);
			for (const name of names) {
				if (repeatedWord(name)) problems.push(`${where}: "${name}" repeats "${repeatedWord(name)}"`);
				if (names.indexOf(name) !== names.lastIndexOf(name)) problems.push(`${where}: "${name}" twice`);
				if (/^[a-z_.]+$/.test(name)) problems.push(`${where}: "${name}" is a machine name`);
			}
		}
		expect(problems).toEqual([]);
	});
});

describe('X Trigger credentials per node version', () => {
	const shown = (version: number, parameters: Record<string, string>) =>
		(description.credentials as INodeCredentialDescription[])
			.filter((c) => NodeHelpers.displayParameter(parameters, c, { typeVersion: version }, description))
			.map((c) => c.name);
	/** The node's parameters as n8n fills them for a new node of this version (defaults of what is shown). */
	const defaults = (version: number) =>
		Object.fromEntries(
			description.properties
				.filter((p) => NodeHelpers.displayParameter({}, p, { typeVersion: version }, description) && p.type !== 'notice')
				.map((p) => [p.name, p.default as string]),
		);

	test('1.2 is the default version and a new node shows the App credential alone (the one n8n can pick)', () => {
		expect(description.defaultVersion).toBe(1.2);
		expect(defaults(1.2).authentication).toBe('xAppOnlyApi');
		expect(shown(1.2, defaults(1.2))).toEqual(['xAppOnlyApi']);
	});

	test('1.2: Authentication shows exactly the App credential and the user credential it names', () => {
		expect(shown(1.2, { ...defaults(1.2), authentication: 'xOAuth1Api' })).toEqual(['xAppOnlyApi', 'xOAuth1Api']);
		expect(shown(1.2, { ...defaults(1.2), authentication: 'xOAuth2Api' })).toEqual(['xAppOnlyApi', 'xOAuth2Api']);
	});

	test('every credential field has its own label', () => {
		const labels = (description.credentials as INodeCredentialDescription[]).map((c) => c.displayName);
		expect(labels.every((l) => typeof l === 'string' && l.length > 0)).toBe(true);
		expect(new Set(labels).size).toBe(labels.length);
	});

	test('1 and 1.1 are unchanged: no Authentication, all three credentials shown', () => {
		for (const version of [1, 1.1]) {
			expect(defaults(version)).not.toHaveProperty('authentication');
			expect(shown(version, defaults(version))).toEqual(['xAppOnlyApi', 'xOAuth1Api', 'xOAuth2Api']);
		}
	});
});

describe('X Trigger on a private kind without a user', () => {
	const notice = description.properties.find((p) => p.name === 'privateKindsNotice')!;
	const shows = (parameters: Record<string, unknown>) =>
		NodeHelpers.displayParameter({ source: 'activity', authentication: 'xAppOnlyApi', ...parameters } as never, notice, { typeVersion: 1.2 }, description);

	test('the node creator\'s "On Post Liked" (events like.create, App Only) tells to pick a user credential', () => {
		expect(shows({ events: ['like.create'] })).toBe(true);
		expect(shows({ events: ['post.create', 'dm.received'] })).toBe(true);
	});

	test('public kinds, All Events, or a user credential: no notice', () => {
		expect(shows({ events: ['post.create', 'follow.follow'] })).toBe(false);
		expect(shows({ events: ['*'] })).toBe(false);
		expect(shows({ events: ['like.create'], authentication: 'xOAuth1Api' })).toBe(false);
		expect(shows({ events: ['like.create'], authentication: 'xOAuth2Api' })).toBe(false);
	});
});
