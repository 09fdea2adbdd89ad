/**
 * The catalog sync's feed: all input items together, or a CSV/TSV file in a binary property read
 * as a stream (one row at a time, never the whole file), each row as raw values by X's field names.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { CheckedItem } from '../shared/endpoints';
import { fileChunks, RecordSplitter } from '../shared/fileRecords';
import { PRODUCT_ECHO } from './catalogCompare';

/** Longest stretch of work before n8n's event loop gets a turn. */
export const YIELD_AFTER_MS = 25;


/** A row of the feed: its raw values by wire name, or why it cannot be read at all. */
export type OnRow = (raw: IDataObject | undefined, line: number, unreadable?: string) => void;

/** The columns a feed has: X's field names it holds, and the other names (a file's header, the items' keys). */
export interface FeedColumns {
	wires: Set<string>;
	others: string[];
}

export interface Feed {
	/** "line" for a file, "item" for items. */
	unit: 'line' | 'item';
	name: string;
	/** Its columns, read before any request: a file's header row, or every key some item gives a value. */
	columns(): Promise<FeedColumns>;
	/** Reads every row; between() runs between chunks (sending, yielding to n8n). */
	read(onRow: OnRow, between: () => Promise<void>): Promise<{ blankLines: number; ignoredColumns: string[] }>;
}

const PRODUCT_WIRES = new Set(PRODUCT_ECHO);

export function itemsFeed(ctx: IExecuteFunctions, items: CheckedItem[]): Feed {
	return {
		unit: 'item',
		name: 'input items',
		columns: async () => {
			const input = ctx.getInputData();
			const wires = new Set<string>();
			const others = new Set<string>();
			for (const { itemIndex } of items) {
				for (const [key, value] of Object.entries(input[itemIndex].json)) {
					if (value === null || value === undefined || value === '') continue;
					(PRODUCT_WIRES.has(key) ? wires : others).add(key);
				}
			}
			return { wires, others: [...others] };
		},
		read: async (onRow, between) => {
			const input = ctx.getInputData();
			let lastYield = Date.now();
			for (const { itemIndex } of items) {
				const raw: IDataObject = {};
				for (const [key, value] of Object.entries(input[itemIndex].json)) {
					if (PRODUCT_WIRES.has(key) && value !== null && value !== undefined && value !== '') raw[key] = value;
				}
				onRow(raw, itemIndex);
				if (Date.now() - lastYield > YIELD_AFTER_MS) {
					await between();
					lastYield = Date.now();
				}
			}
			await between();
			return { blankLines: 0, ignoredColumns: [] };
		},
	};
}

/** Header names as X's feed columns: case, spaces around, a byte order mark and spaces for _ do not matter. */
const columnName = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/\s+/g, '_');

const EMPTY_FILE = 'is empty: a feed needs a header row with X\'s column names (id, title, ...)';

/** A header row's cells as X's column names (undefined: not one of X's columns). */
const headerWires = (header: string[]) => header.map((h) => (PRODUCT_WIRES.has(columnName(h)) ? columnName(h) : undefined));

/** The header row alone: the file is read only until its first record ends. */
async function readHeader(ctx: IExecuteFunctions, itemIndex: number, property: string, delimiter: string): Promise<string[]> {
	let header: string[] | undefined;
	const splitter = new RecordSplitter({ csv: true, delimiter }, (fields) => {
		header ??= fields;
	});
	const decoder = new TextDecoder('utf-8');
	const chunks = fileChunks(ctx, itemIndex, property);
	try {
		for await (const chunk of chunks) {
			splitter.push(decoder.decode(chunk, { stream: true }));
			if (header) break;
		}
		if (!header) {
			splitter.push(decoder.decode());
			splitter.end();
		}
	} finally {
		await chunks.return(undefined);
	}
	if (!header) throw new Error(EMPTY_FILE);
	return header;
}

export function fileFeed(ctx: IExecuteFunctions, itemIndex: number, property: string, delimiter: string): Feed {
	const binary = ctx.getInputData()[itemIndex].binary![property];
	return {
		unit: 'line',
		name: binary.fileName ?? property,
		columns: async () => {
			const header = await readHeader(ctx, itemIndex, property, delimiter);
			const wires = headerWires(header);
			return { wires: new Set(wires.filter((w): w is string => w !== undefined)), others: header.filter((h, n) => !wires[n] && h.trim() !== '').map((h) => h.trim()) };
		},
		read: async (onRow, between) => {
			let columns: Array<string | undefined> | undefined;
			let ignoredColumns: string[] = [];
			let blankLines = 0;
			const onRecord = (fields: string[], line: number) => {
				if (!columns) {
					columns = headerWires(fields);
					ignoredColumns = fields.filter((h, n) => !columns![n] && h.trim() !== '').map((h) => h.trim());
					return;
				}
				if (fields.every((f) => f.trim() === '')) {
					blankLines++;
					return;
				}
				if (fields.length > columns.length) {
					onRow({ id: fields[columns.indexOf('id')] }, line, `has ${fields.length} fields, the header has ${columns.length} (a stray delimiter or quote?)`);
					return;
				}
				const raw: IDataObject = {};
				fields.forEach((value, n) => {
					const wire = columns![n];
					if (wire && value !== '') raw[wire] = value;
				});
				onRow(raw, line);
			};
			const splitter = new RecordSplitter({ csv: true, delimiter }, onRecord);
			const decoder = new TextDecoder('utf-8');
			const chunks = fileChunks(ctx, itemIndex, property);
			try {
				for await (const chunk of chunks) {
					splitter.push(decoder.decode(chunk, { stream: true }));
					await between();
				}
				splitter.push(decoder.decode());
				splitter.end();
			} finally {
				await chunks.return(undefined);
			}
			if (!columns) throw new Error(EMPTY_FILE);
			await between();
			return { blankLines, ignoredColumns };
		},
	};
}

