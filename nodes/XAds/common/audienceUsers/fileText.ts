/**
 * Reading an audience file: its bytes as text in the chosen encoding (a byte order mark that says
 * otherwise is refused), split into records one physical line each, and the CSV header's columns.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { fileChunks, nextBreak, type RecordFormat } from '../../../shared/files/fileRecords';
import type { FileEncoding, FileSettings, Mapping } from './fileFields';

/** A line longer than this is no identifier row: it is refused and skipped, not held. */
export const MAX_LINE_CHARS = 65_536;
const TOO_LONG = `is longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters (no identifier row is: a file without line breaks?)`;

/**
 * Splits text that arrives in pieces into records, one per physical line (CR, LF or CRLF), with bounded
 * memory: only an unfinished line is carried from one piece to the next. A CSV field may be quoted
 * (a delimiter or "" inside) but its quote must close on its own line: RFC 4180 lets a quoted field
 * run over line breaks, and then one stray quote swallows every row up to the next quote in the
 * file (an audience file holds one user per line). Every line reaches onRecord with its 1-based
 * number, or onUnreadable with the reason it cannot be read.
 */
export class LineRecordSplitter {
	private carry = '';
	/** Number of the line the carry belongs to. */
	private line = 1;
	/** The rest of a line too long to hold is being dropped, up to its line break. */
	private skipping = false;

	private readonly single: string[] = [''];

	constructor(
		private readonly format: RecordFormat,
		private readonly onRecord: (fields: string[], line: number) => void,
		private readonly onUnreadable: (line: number, reason: string) => void,
	) {}

	push(text: string, final = false): void {
		const data = this.carry + text;
		let start = 0;
		for (let lineBreak = nextBreak(data, 0, final); lineBreak; lineBreak = nextBreak(data, start, final)) {
			if (!this.skipping) this.record(data, start, lineBreak.at);
			this.skipping = false;
			this.line++;
			start = lineBreak.at + lineBreak.length;
		}
		// A CR that ends the piece stays in the carry until the next piece says whether an LF follows.
		this.carry = this.skipping ? (data.endsWith('\r') ? '\r' : '') : data.slice(start);
		if (this.carry.length > MAX_LINE_CHARS) {
			this.onUnreadable(this.line, TOO_LONG);
			this.carry = '';
			this.skipping = true;
		}
	}

	/** The last line, when the file does not end with a line break. */
	end(): void {
		if (this.carry !== '') this.push('', true);
		if (this.carry !== '' && !this.skipping) this.record(this.carry, 0, this.carry.length);
		this.carry = '';
	}

	private record(data: string, start: number, lineEnd: number): void {
		const text = data.slice(start, lineEnd);
		if (text.length > MAX_LINE_CHARS) {
			this.onUnreadable(this.line, TOO_LONG);
			return;
		}
		if (!this.format.csv) {
			this.single[0] = text; // one array for every line: onRecord must not keep it
			this.onRecord(this.single, this.line);
			return;
		}
		const fields = text.includes('"') ? quotedFields(text, this.format.delimiter) : text.split(this.format.delimiter);
		if (fields) this.onRecord(fields, this.line);
		else this.onUnreadable(this.line, 'opens a quote that is not closed on this line (a stray quote? a field cannot hold a line break here)');
	}
}

/** The fields of one CSV line with quotes; undefined when a quote is not closed. A quote inside an unquoted field is kept as text. */
function quotedFields(text: string, delimiter: string): string[] | undefined {
	const fields: string[] = [];
	for (let i = 0; ; ) {
		let field = '';
		if (text.charCodeAt(i) === 34 /* " */) {
			// A quoted field: up to the closing quote, "" standing for one quote.
			for (i++; ; ) {
				const quote = text.indexOf('"', i);
				if (quote < 0) return undefined;
				field += text.slice(i, quote);
				i = quote + 1;
				if (text.charCodeAt(i) !== 34) break;
				field += '"';
				i++;
			}
		}
		// The rest of the field up to a delimiter or the end of the line.
		const stop = text.indexOf(delimiter, i);
		fields.push(field + text.slice(i, stop < 0 ? text.length : stop));
		if (stop < 0) return fields;
		i = stop + 1;
	}
}


/** Byte order marks and the encoding each announces (UTF-16 BE is not offered: saved as UTF-8 instead). */
const BYTE_ORDER_MARKS: Array<{ bytes: number[]; name: string; encoding?: FileEncoding }> = [
	{ bytes: [0xef, 0xbb, 0xbf], name: 'UTF-8', encoding: 'utf-8' },
	{ bytes: [0xff, 0xfe], name: 'UTF-16 LE', encoding: 'utf-16le' },
	{ bytes: [0xfe, 0xff], name: 'UTF-16 BE' },
];

/**
 * The file as text in its encoding. Bytes not valid in it become U+FFFD, which the identifier rules
 * refuse (so the row is refused with its line, not hashed). A file whose byte order mark announces
 * another encoding (UTF-16 read as UTF-8 would be NULs between the letters; UTF-8 read as
 * Windows-1252, valid but wrong text) is refused as a whole, before any request.
 */
export async function* fileText(ctx: IExecuteFunctions, itemIndex: number, settings: FileSettings): AsyncGenerator<string> {
	const decoder = new TextDecoder(settings.encoding);
	let first = true;
	for await (const chunk of fileChunks(ctx, itemIndex, settings.property)) {
		const mark = first ? BYTE_ORDER_MARKS.find((m) => m.bytes.every((b, i) => chunk[i] === b)) : undefined;
		if (mark && mark.encoding !== settings.encoding) {
			const fix = mark.encoding ? `set File Encoding to ${mark.name}` : 'save the file as UTF-8';
			throw new Error(`starts with a ${mark.name} byte order mark, but File Encoding is ${settings.encoding}: ${fix}`);
		}
		first = false;
		yield decoder.decode(chunk, { stream: true });
	}
	yield decoder.decode();
}

/** The first row of a file (read up to its first line break only): a CSV's header, to check the column map before any request; for any file, its encoding's start. */
export async function firstRowOf(ctx: IExecuteFunctions, itemIndex: number, settings: FileSettings): Promise<string[] | undefined> {
	let header: string[] | undefined;
	const splitter = new LineRecordSplitter(
		{ csv: settings.csv, delimiter: settings.delimiter },
		(fields) => (header ??= fields),
		(line, reason) => {
			if (!header && settings.csv) throw new Error(`its header row (line ${line}) ${reason}`);
		},
	);
	const text = fileText(ctx, itemIndex, settings);
	try {
		for await (const piece of text) {
			splitter.push(piece);
			if (header || !settings.csv) break;
		}
		if (!header && settings.csv) splitter.end();
	} finally {
		await text.return(undefined);
	}
	return header;
}

/** Column positions per mapping entry; throws naming the column missing from the header. */
export function columnPositions(header: string[] | undefined, mapping: Mapping, fail: (field: string, rule: string) => never): number[] {
	if (!header) fail('Input Binary Field (binaryPropertyName)', 'holds an empty file: a CSV needs a header row');
	const names = header!.map((h) => h.trim().toLowerCase());
	return mapping.map(({ column }, n) => {
		const position = names.indexOf(column.toLowerCase());
		if (position < 0) {
			const found = header!.slice(0, 20).map((h) => JSON.stringify(h.trim())).join(', ');
			fail(`Columns (columnMap) entry ${n + 1}`, `names a column that is not in the file's header row (got ${JSON.stringify(column)}; the header has ${found}${header!.length > 20 ? ', ...' : ''})`);
		}
		// Two columns of one name: either could be meant, so neither is read.
		const again = names.indexOf(names[position], position + 1);
		if (again >= 0) {
			fail(`Columns (columnMap) entry ${n + 1}`, `names a column the file's header row has twice (columns ${position + 1} and ${again + 1}, ${JSON.stringify(column)}): rename one in the file so each name is one column`);
		}
		return position;
	});
}
