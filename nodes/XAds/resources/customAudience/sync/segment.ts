/**
 * Reading the current segment into a plan: a file (CSV or one per line, as Add Users reads it:
 * ../../../audienceFile*.ts) or the input items (each one user, as Add Users checks it). A row that
 * cannot be used is refused with its line or item and the reason; the others' identifiers go to
 * the plan, normalized and hashed exactly as Add Users sends them.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import type { IdentifierType } from '../../../../shared/audienceHashing';
import type { Endpoint, Field } from '../../../../shared/endpoints';
import { prepareItem, runNode } from '../../../../shared/prepare';
import { inputError } from '../../../../shared/validation';
import { recordReader } from '../../../audienceFile';
import { readSettings } from '../../../audienceFileFields';
import { columnPositions, fileText, firstRowOf, LineRecordSplitter } from '../../../audienceFileText';
import type { SyncPlan } from './plan';

/** Longest stretch of work before n8n's event loop gets a turn. */
const YIELD_AFTER_MS = 25;

export interface RowCounts {
	/** Lines of the file (or input items) read. */
	read: number;
	header: number;
	blank: number;
	withIdentifiers: number;
	/** Items that only carry the state (no identifier): not segment rows. */
	stateCarriers: number;
}

const unreadable = (ctx: IExecuteFunctions, itemIndex: number, error: unknown) =>
	error instanceof NodeOperationError ? error : inputError(runNode(ctx), itemIndex, 'Input Binary Field (binaryPropertyName)', `holds a file that cannot be read: ${(error as Error).message}`);

export async function readFileSegment(ctx: IExecuteFunctions, itemIndex: number, identifiers: Field[], plan: SyncPlan): Promise<RowCounts> {
	const settings = readSettings(ctx, itemIndex, identifiers);
	const counts: RowCounts = { read: 0, header: settings.csv ? 1 : 0, blank: 0, withIdentifiers: 0, stateCarriers: 0 };
	let positions: number[] = [];
	try {
		const header = await firstRowOf(ctx, itemIndex, settings);
		if (settings.csv) positions = columnPositions(header, settings.mapping, (field, rule) => {
			throw inputError(runNode(ctx), itemIndex, field, rule);
		});
	} catch (error) {
		throw unreadable(ctx, itemIndex, error);
	}
	const onRecord = recordReader(settings, positions, {
		blank: () => counts.blank++,
		refuse: (line, reason) => plan.refuse({ line, reason }),
		one: (type, value, line) => {
			if (type !== 'partner_user_id') plan.offerHash(type, value);
			else if (!plan.offerRow([[type, [value]]], { line })) return;
			counts.withIdentifiers++;
		},
		user: (byType, line) => {
			if (plan.offerRow(byType, { line })) counts.withIdentifiers++;
		},
	});
	const splitter = new LineRecordSplitter(
		{ csv: settings.csv, delimiter: settings.delimiter },
		(fields, line) => {
			counts.read++;
			onRecord(fields, line);
		},
		(line, reason) => {
			counts.read++;
			plan.refuse({ line, reason });
		},
	);
	const chunks = fileText(ctx, itemIndex, settings);
	let lastYield = Date.now();
	try {
		for await (const piece of chunks) {
			splitter.push(piece);
			if (Date.now() - lastYield > YIELD_AFTER_MS) {
				await sleep(0);
				lastYield = Date.now();
			}
		}
		splitter.end();
	} catch (error) {
		throw unreadable(ctx, itemIndex, error);
	} finally {
		await chunks.return(undefined);
	}
	return counts;
}

/**
 * Every input item one user, read and checked as Add Users does (a bad item is refused, not the
 * run). An item that holds the state and no identifier only carries the state.
 */
export async function readItemsSegment(ctx: IExecuteFunctions, endpoint: Endpoint, identifiers: Field[], stateProperty: string, plan: SyncPlan): Promise<RowCounts> {
	const items = ctx.getInputData();
	const counts: RowCounts = { read: 0, header: 0, blank: 0, withIdentifiers: 0, stateCarriers: 0 };
	let lastYield = Date.now();
	for (let i = 0; i < items.length; i++) {
		if (Date.now() - lastYield > YIELD_AFTER_MS) {
			await sleep(0);
			lastYield = Date.now();
		}
		let values;
		try {
			values = prepareItem(ctx, endpoint, i, {}).values;
		} catch (error) {
			const message = (error as Error).message;
			if (items[i].binary?.[stateProperty] && message.includes('Identifiers needs at least one value')) counts.stateCarriers++;
			else {
				counts.read++;
				plan.refuse({ item: i, reason: message.replace(/^Item \d+: /, '') });
			}
			continue;
		}
		counts.read++;
		const byType: Array<[IdentifierType, string[]]> = [];
		for (const field of identifiers) if (values[field.wire]) byType.push([field.wire as IdentifierType, values[field.wire] as string[]]);
		if (plan.offerRow(byType, { item: i })) counts.withIdentifiers++;
	}
	return counts;
}
