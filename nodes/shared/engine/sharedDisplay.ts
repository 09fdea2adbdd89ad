/**
 * One parameter definition for many operations. The endpoint tables give every operation its own
 * copy of each parameter (the ads account alone appeared 147 times), and n8n sends the whole
 * description to the editor twice (the node and its Tool variant). Here copies that differ only
 * in the resource and operation they are shown for become one parameter shown for all of them:
 * nothing is lost, each operation's panel keeps its parameters in the same order, and what a
 * saved workflow stores is unchanged (parameters are stored by name).
 */
import type { INodeProperties } from 'n8n-workflow';

interface Shared {
	property: INodeProperties;
	/** resource -> its operations that show this parameter. */
	shownFor: Map<string, Set<string>>;
}

/** The property without the resource and operation it is shown for: equal keys may share one definition. */
function sharingKey(property: INodeProperties): string | undefined {
	const show = property.displayOptions?.show;
	const resource = show?.resource;
	const operation = show?.operation;
	if (resource?.length !== 1 || operation?.length !== 1) return undefined;
	const rest = { ...show };
	delete rest.resource;
	delete rest.operation;
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show: rest } });
}

/**
 * The fewest conditions of the form "resource in R and operation in O" that show a parameter for
 * exactly the pairs given: rows of resources with the same operations, or columns of operations
 * with the same resources, whichever needs fewer.
 */
function conditions(shownFor: Map<string, Set<string>>): Array<{ resource: string[]; operation: string[] }> {
	const group = (pairs: Array<[string, string]>) => {
		const byFirst = new Map<string, string[]>();
		for (const [a, b] of pairs) byFirst.set(a, [...(byFirst.get(a) ?? []), b]);
		const bySet = new Map<string, { firsts: string[]; seconds: string[] }>();
		for (const [a, bs] of byFirst) {
			const key = bs.join('\n');
			const entry = bySet.get(key) ?? { firsts: [], seconds: bs };
			entry.firsts.push(a);
			bySet.set(key, entry);
		}
		return [...bySet.values()];
	};
	const pairs = [...shownFor].flatMap(([r, ops]) => [...ops].map((o) => [r, o] as [string, string]));
	const rows = group(pairs).map((g) => ({ resource: g.firsts, operation: g.seconds }));
	const columns = group(pairs.map(([r, o]) => [o, r])).map((g) => ({ resource: g.seconds, operation: g.firsts }));
	return columns.length < rows.length ? columns : rows;
}

/**
 * Folds the operations' parameter lists (one list per operation, in panel order) into one list.
 * A parameter joins an earlier equal definition only when that keeps its operation's order (the
 * definition lies after the operation's previous parameter); otherwise it gets a definition of
 * its own there.
 */
export function shareDisplayOptions(blocks: INodeProperties[][]): INodeProperties[] {
	const list: Array<Shared | INodeProperties> = [];
	const byKey = new Map<string, Shared[]>();
	for (const block of blocks) {
		let previous = -1;
		for (const property of block) {
			const key = sharingKey(property);
			const show = property.displayOptions?.show;
			const resource = String(show?.resource?.[0]);
			const operation = String(show?.operation?.[0]);
			const existing = key === undefined ? undefined : byKey.get(key)?.find((s) => list.indexOf(s) > previous);
			if (existing) {
				const ops = existing.shownFor.get(resource) ?? new Set<string>();
				existing.shownFor.set(resource, ops.add(operation));
				previous = list.indexOf(existing);
				continue;
			}
			const entry: Shared | INodeProperties =
				key === undefined ? property : { property, shownFor: new Map([[resource, new Set([operation])]]) };
			list.splice(previous + 1, 0, entry);
			previous += 1;
			if (key !== undefined) byKey.set(key, [...(byKey.get(key) ?? []), entry as Shared]);
		}
	}
	return list.flatMap((entry) => {
		if (!('shownFor' in entry)) return [entry];
		const { property, shownFor } = entry;
		return conditions(shownFor).map((shown) => ({
			...property,
			displayOptions: { ...property.displayOptions, show: { ...property.displayOptions!.show, ...shown } },
		}));
	});
}
