/**
 * Records from a file in a binary property, read as a stream with bounded memory: the file's bytes
 * in chunks (n8n's binary stream helper, or slices of the item's buffer; shared by the audience file
 * upload and the catalog sync) and the catalog feed's CSV splitter, RFC 4180 as X's scheduled-feed
 * formats are (a quoted product description may hold line breaks), carrying only an unfinished
 * record from one chunk to the next. Audience files are one user per physical line and have their
 * own splitter (LineRecordSplitter in ../../XAds/common/audienceUsers/fileText.ts), where one stray quote cannot swallow the rows after it.
 */
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

/** Bytes read from the file at a time. */
const CHUNK_BYTES = 256 * 1024;
/** A record longer than this is no identifier row (an unclosed quote would otherwise swallow the file). */
export const MAX_RECORD_CHARS = 65_536;

// ---- Reading records from a stream of text --------------------------------------------------------

const BREAK = /[\r\n]/g;

/**
 * The next line break at or after `from`: CR, LF and CRLF are each one (older spreadsheet programs
 * save CR alone). Undefined when there is none yet, or when the text ends in a CR whose LF may come
 * with the next piece (unless `final`).
 */
export function nextBreak(data: string, from: number, final: boolean): { at: number; length: number } | undefined {
	BREAK.lastIndex = from;
	const found = BREAK.exec(data);
	if (!found) return undefined;
	const at = found.index;
	if (data.charCodeAt(at) === 10) return { at, length: 1 };
	if (at + 1 < data.length) return { at, length: data.charCodeAt(at + 1) === 10 ? 2 : 1 };
	return final ? { at, length: 1 } : undefined;
}

/** How many line breaks (CR, LF, CRLF) a text holds. */
export function countBreaks(text: string): number {
	return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

export interface RecordFormat {
	/** CSV (quoted fields, "" inside quotes; whether a quote may run over a line break is the splitter's rule) or one value per line. */
	csv: boolean;
	delimiter: string;
}

/**
 * Splits text that arrives in pieces into records, with bounded memory: only an unfinished record
 * is carried from one piece to the next. Line endings CR, LF or CRLF. onRecord gets the fields and
 * the file line the record starts on (1-based).
 */
export class RecordSplitter {
	private carry = '';
	/** Physical line number of the carry's first character. */
	private line = 1;

	private readonly single: string[] = [''];

	constructor(
		private readonly format: RecordFormat,
		private readonly onRecord: (fields: string[], line: number) => void,
	) {}

	push(text: string): void {
		const data = this.carry + text;
		let start = 0;
		for (;;) {
			const consumed = this.next(data, start, false);
			if (consumed === 0) break;
			start += consumed;
		}
		this.carry = data.slice(start);
		if (this.carry.length > MAX_RECORD_CHARS) {
			throw new Error(`line ${this.line} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters${this.format.csv ? ' (a quote that is never closed?)' : ''}`);
		}
	}

	/** The last record, when the file does not end with a line break. */
	end(): void {
		if (this.carry === '') return;
		const consumed = this.next(this.carry, 0, true);
		if (consumed !== this.carry.length) throw new Error(`line ${this.line}: a quoted field is never closed`);
		this.carry = '';
	}

	/** Reads one record at start; returns the characters consumed, 0 when the record is not complete yet. */
	private next(data: string, start: number, final: boolean): number {
		const lineBreak = nextBreak(data, start, final);
		if (!lineBreak && !final) return 0;
		const lineEnd = lineBreak ? lineBreak.at : data.length;
		const text = data.slice(start, lineEnd);
		if (!this.format.csv || !text.includes('"')) {
			if (this.format.csv) this.onRecord(text.split(this.format.delimiter), this.line);
			else {
				this.single[0] = text; // one array for every line: onRecord must not keep it
				this.onRecord(this.single, this.line);
			}
			this.line++;
			return lineEnd - start + (lineBreak?.length ?? 0);
		}
		const parsed = parseQuotedRecord(data, start, this.format.delimiter, final);
		if (!parsed) return 0;
		this.onRecord(parsed.fields, this.line);
		this.line += parsed.lines;
		return parsed.end - start;
	}
}

/**
 * One CSV record with quotes, from start up to and including its line break. Returns null when the
 * data ends inside the record (more is coming). A quote inside an unquoted field is kept as text.
 */
function parseQuotedRecord(data: string, start: number, delimiter: string, final: boolean): { fields: string[]; end: number; lines: number } | null {
	const fields: string[] = [];
	let field = '';
	let lines = 1;
	let i = start;
	const length = data.length;
	for (;;) {
		if (data.charCodeAt(i) === 34 /* " */) {
			// A quoted field: up to the closing quote, "" standing for one quote.
			i++;
			for (;;) {
				const quote = data.indexOf('"', i);
				if (quote < 0) return null;
				const piece = data.slice(i, quote);
				lines += countBreaks(piece);
				field += piece;
				if (quote + 1 >= length && !final) return null; // "" or the closing quote? Not known yet.
				if (data.charCodeAt(quote + 1) === 34) {
					field += '"';
					i = quote + 2;
					continue;
				}
				i = quote + 1;
				break;
			}
		}
		// The rest of the field up to a delimiter or the end of the line (CR, LF or CRLF).
		let stop = i;
		while (stop < length) {
			const c = data[stop];
			if (c === delimiter || c === '\n' || c === '\r') break;
			stop++;
		}
		if (stop >= length && !final) return null;
		const rest = data.slice(i, stop);
		if (stop >= length || data[stop] !== delimiter) {
			const lineBreak = stop >= length ? undefined : nextBreak(data, stop, final);
			if (stop < length && !lineBreak) return null; // a CR at the end of the piece: its LF may follow
			fields.push(field + rest);
			return { fields, end: lineBreak ? lineBreak.at + lineBreak.length : length, lines };
		}
		fields.push(field + rest);
		field = '';
		i = stop + 1;
	}
}

// ---- The file's bytes -----------------------------------------------------------------------------

/** The file as chunks: streamed from n8n's binary store when it is there, else slices of the item's buffer. */
export async function* fileChunks(ctx: IExecuteFunctions, itemIndex: number, property: string): AsyncGenerator<Uint8Array> {
	const binary = ctx.getInputData()[itemIndex].binary![property] as IBinaryData;
	if (binary.id) {
		const stream = await ctx.helpers.getBinaryStream(binary.id, CHUNK_BYTES);
		try {
			for await (const chunk of stream) yield chunk as Uint8Array;
		} finally {
			stream.destroy();
		}
		return;
	}
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, property);
	for (let offset = 0; offset < buffer.length; offset += CHUNK_BYTES) yield buffer.subarray(offset, offset + CHUNK_BYTES);
}
