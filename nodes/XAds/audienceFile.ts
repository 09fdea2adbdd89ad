/**
 * Add/Remove Users from a file: a binary property holding a CSV (with a header row and a column
 * map) or one identifier per line, as CRM exports and downloads come. The file is read as a stream
 * (n8n's binary stream helper when the binary is stored outside the item, else its buffer in
 * slices), each row normalized and hashed as for items, and packed into as few requests as X's
 * limits allow: one Update/Delete operation per request holding as many users as fit in X's
 * 5,000,000-byte body (the 2,500 limit counts operations, not users). No n8n item is made per row,
 * so memory stays bounded whatever the file's size: a few request bodies and the current slice.
 * https://docs.x.com/x-ads-api/audiences/reference#post-accounts-account-id-custom-audiences-custom-audience-id-users
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import type { IdentifierType } from '../shared/audienceHashing';
import { hashIdentifier, hashPlainEmail } from '../shared/audienceHashing';
import { StartRateLimiter } from '../shared/batching';
import type { BatchSummaries, CheckedItem, Endpoint, Field } from '../shared/endpoints';
import { paramName } from '../shared/endpoints';
import { xApiError } from '../shared/errors';
import { itemParameter, runNode } from '../shared/prepare';
import type { RetryPolicy } from '../shared/transport';
import { adsRequest } from '../shared/transport';
import { inputError, shown } from '../shared/validation';
import { answerCounts } from './audienceAnswers';
import { fileProperties, inputProperty, isFileMode, readSettings, type FileSettings } from './audienceFileFields';
import { columnPositions, fileText, firstRowOf, LineRecordSplitter } from './audienceFileText';


/** Requests in flight at once: each holds one body of at most 5 MB until X answers it. */
const IN_FLIGHT = 4;
const COUNT_RETRIES = 3;
/** Refused rows listed with line and reason in the final summary; more are only counted. */
const REFUSALS_LISTED = 1000;
/** Longest stretch of work before n8n's event loop gets a turn (a buffer in memory never waits on I/O). */
const YIELD_AFTER_MS = 25;

// ---- Request bodies -------------------------------------------------------------------------------

/**
 * One request's body, written straight into its buffer as users come (no list of strings joined
 * at the end: over millions of rows that garbage is a large part of the time).
 */
interface Body {
	number: number;
	buffer: Buffer;
	/** Bytes written so far: the prefix and the users. */
	length: number;
	users: number;
	firstLine: number;
	lastLine: number;
}

/** The JSON body's frame around the users: one operation, its times before the users array. */
function frame(operationType: 'Update' | 'Delete', times: IDataObject): { prefix: string; suffix: string } {
	const params = Object.entries(times)
		.filter(([, v]) => v !== undefined)
		.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)},`)
		.join('');
	return { prefix: `[{"operation_type":"${operationType}","params":{${params}"users":[`, suffix: ']}}]' };
}

/** X's limits of the users endpoints (audienceUsers.ts holds them): body bytes and requests a minute. */
export interface AudienceLimits {
	maxBytes: number;
	perMinute: number;
}

/** A UTF-8 lead byte then a continuation byte, as Windows-1252 shows them: Ã© for é, â€™ for ’. */
const UTF8_AS_1252 = /[\u00C2-\u00F4][\u0080-\u00BF\u0152\u0153\u0160\u0161\u0178\u017D\u017E\u0192\u02C6\u02DC\u2013\u2014\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]/;

// ---- Reading one record --------------------------------------------------------------------------

/** Where recordReader puts what each record holds (hashes are lowercase hex; partner IDs as they are). */
export interface RecordSink {
	blank(): void;
	refuse(line: number, reason: string): void;
	/** A one-per-line record: one value of the line's type. */
	one(type: IdentifierType, value: string, line: number): void;
	/** A CSV row: one user holding its values by type. */
	user(byType: Map<IdentifierType, string[]>, line: number): void;
}

/**
 * Reads one record of an audience file (fields as LineRecordSplitter gives them, the first CSV
 * record being the header) into normalized, hashed identifiers, or a refusal with the reason.
 */
export function recordReader(settings: FileSettings, positions: number[], sink: RecordSink): (fields: string[], line: number) => void {
	const types = settings.csv ? settings.mapping.map((m) => m.type) : [settings.lineType];
	const refuse = (line: number, reason: string) => {
		if (reason.includes('U+FFFD') || reason.includes('Windows-1252')) reason += ` (File Encoding is ${settings.encoding}: set the one the file was saved in)`;
		sink.refuse(line, reason);
	};
	// UTF-8 read as Windows-1252 gives valid but wrong text (café as cafÃ©): refused like U+FFFD.
	const hash = (type: IdentifierType, raw: string) =>
		settings.encoding === 'windows-1252' && UTF8_AS_1252.test(raw) ? { value: undefined, rule: `looks like UTF-8 read as Windows-1252 (got ${shown(raw)})` } : hashIdentifier(type, raw);
	let records = 0;
	let headerFields = 0;
	const oneLine = (fields: string[], line: number) => {
		let raw = fields[0];
		// A one-per-line value may come quoted: "a@b.com".
		if (raw.length > 1 && raw.charCodeAt(0) === 34 && raw.endsWith('"')) raw = raw.slice(1, -1).replace(/""/g, '"');
		if (raw.trim() === '') return sink.blank();
		const plain = settings.lineType === 'email' ? hashPlainEmail(raw) : undefined;
		if (plain) return sink.one('email', plain, line);
		const { value, rule } = hash(settings.lineType, raw);
		if (rule) refuse(line, `${settings.lineType} ${rule}`);
		else sink.one(settings.lineType, value!, line);
	};
	return (fields, line) => {
		if (!settings.csv) return oneLine(fields, line);
		if (++records === 1) {
			headerFields = fields.length; // the header row
			return;
		}
		if (fields.length !== headerFields) {
			if (fields.every((f) => f.trim() === '')) return sink.blank();
			// Values would be read from the wrong columns: a delimiter inside a value that is not quoted?
			return refuse(line, `has ${fields.length} fields where the header row has ${headerFields} (a delimiter inside a value that is not quoted?)`);
		}
		const byType = new Map<IdentifierType, string[]>();
		for (let n = 0; n < types.length; n++) {
			const raw = fields[positions[n]];
			if (raw === undefined || raw.trim() === '') continue;
			const { value, rule } = hash(types[n], raw);
			if (rule) return refuse(line, `${settings.mapping[n].column} (${types[n]}) ${rule}`);
			const list = byType.get(types[n]);
			if (list) list.push(value!);
			else byType.set(types[n], [value!]);
		}
		if (byType.size) return sink.user(byType, line);
		if (fields.every((f) => f.trim() === '')) sink.blank();
		else refuse(line, `has no value in the mapped column(s) ${settings.mapping.map((m) => m.column).join(', ')}`);
	};
}

// ---- Running one file -----------------------------------------------------------------------------

interface FileTotals {
	linesRead: number;
	headerLines: number;
	blankLines: number;
	usersSent: number;
	refused: number;
	refusedLines: Array<{ line: number; reason: string }>;
	requests: number;
	xSuccessCount: number;
	xTotalCount: number;
	xRefusedUsers: number;
	xRefusals: IDataObject[];
}

/** X's operation_errors of the one operation sent (an array of errors, or entries with an index). */
function operationErrorsOf(value: unknown): unknown[] {
	if (!Array.isArray(value)) return [];
	return value.flatMap((entry) => (Array.isArray(entry) ? entry : entry && typeof entry === 'object' ? ((entry as IDataObject).errors as unknown[]) ?? [entry] : []));
}

async function runFile(
	ctx: IExecuteFunctions,
	item: CheckedItem,
	settings: FileSettings,
	positions: number[],
	operationType: 'Update' | 'Delete',
	limits: AudienceLimits,
	limiter: StartRateLimiter,
	policy: RetryPolicy,
	report: (json: IDataObject) => void,
): Promise<FileTotals> {
	const totals: FileTotals = { linesRead: 0, headerLines: settings.csv ? 1 : 0, blankLines: 0, usersSent: 0, refused: 0, refusedLines: [], requests: 0, xSuccessCount: 0, xTotalCount: 0, xRefusedUsers: 0, xRefusals: [] };
	const { prefix, suffix } = frame(operationType, { effective_at: item.values.effective_at, expires_at: item.values.expires_at });
	const prefixBytes = Buffer.from(prefix, 'utf8');
	const suffixBytes = Buffer.from(suffix, 'utf8');
	const ready: Body[] = [];
	let current: Body | undefined;
	let failure: Error | undefined;

	const refuse = (line: number, reason: string) => {
		totals.refused++;
		if (totals.refusedLines.length < REFUSALS_LISTED) totals.refusedLines.push({ line, reason });
	};
	/** The body with room for `size` more bytes of user (and its comma), a new one when the current is full. */
	const bodyFor = (size: number, line: number): Body => {
		if (current && current.length + 1 + size + suffixBytes.length > limits.maxBytes) {
			ready.push(current);
			current = undefined;
		}
		if (!current) {
			current = { number: ++totals.requests, buffer: Buffer.allocUnsafe(limits.maxBytes), length: prefixBytes.length, users: 0, firstLine: line, lastLine: line };
			prefixBytes.copy(current.buffer);
		} else current.buffer[current.length++] = 44; // ,
		current.users++;
		current.lastLine = line;
		totals.usersSent++;
		return current;
	};
	const addUser = (json: string, line: number, maybeNonAscii: boolean) => {
		const body = bodyFor(maybeNonAscii ? Buffer.byteLength(json, 'utf8') : json.length, line);
		body.length += body.buffer.write(json, body.length, maybeNonAscii ? 'utf8' : 'latin1');
	};
	// One hashed value of one type, {"<type>":["<hash>"]}: the constant bytes copied, the hash written
	// (no string built per row: over millions of rows the garbage is a large part of the time).
	const opening = Buffer.from(`{"${settings.lineType}":["`, 'latin1');
	const addHashed = (hex: string, line: number) => {
		const body = bodyFor(opening.length + hex.length + 3, line);
		const { buffer } = body;
		let at = body.length;
		for (let i = 0; i < opening.length; i++) buffer[at++] = opening[i];
		at += buffer.write(hex, at, 'latin1');
		buffer[at++] = 34; // "
		buffer[at++] = 93; // ]
		buffer[at++] = 125; // }
		body.length = at;
	};

	const userJson = (type: string, values: string[]) => (type === 'partner_user_id' ? `"${type}":${JSON.stringify(values)}` : `"${type}":["${values.join('","')}"]`);
	const onRecord = recordReader(settings, positions, {
		blank: () => totals.blankLines++,
		refuse,
		one: (type, value, line) => (type === 'partner_user_id' ? addUser(`{${userJson(type, [value])}}`, line, true) : addHashed(value, line)),
		user: (byType, line) => addUser(`{${[...byType].map(([type, values]) => userJson(type, values)).join(',')}}`, line, byType.has('partner_user_id')),
	});
	const counted = (fields: string[], line: number) => {
		totals.linesRead++;
		onRecord(fields, line);
	};

	const inFlight = new Set<Promise<void>>();
	const send = (body: Body) => {
		// The body goes as these exact bytes (n8n passes a Buffer through): the users are JSON text already.
		suffixBytes.copy(body.buffer, body.length);
		const bytes = body.buffer.subarray(0, body.length + suffixBytes.length);
		const request = { ...item.request, body: bytes as unknown as IDataObject, idempotent: true };
		const users = body.users;
		const task = (async () => {
			for (let attempt = 1; ; attempt++) {
				await limiter.acquire();
				const envelope = (await adsRequest(ctx, request, policy)) as IDataObject & { data: unknown };
				const counted = answerCounts(envelope.data);
				if ('problem' in counted) {
					throw xApiError(ctx.getNode(), { status: 200, body: envelope }, { label: `POST request ${body.number} (lines ${body.firstLine}-${body.lastLine})`, message: `${counted.problem}: ${users} users sent, not confirmed` });
				}
				const { success, total } = counted;
				const errors = operationErrorsOf(envelope.operation_errors);
				// X counts users: all of them, and applies all unless it refused the operation.
				const expected = errors.length ? 0 : users;
				const exact = total === users && success === expected;
				if (!exact && attempt <= COUNT_RETRIES) {
					ctx.logger.warn(`X: audience file request ${body.number} counted ${success} of ${total} for ${users} users sent (${expected} expected); sending it again (${attempt} of ${COUNT_RETRIES})`);
					continue;
				}
				if (!exact) {
					throw xApiError(ctx.getNode(), { status: 200, body: envelope }, {
						label: `POST request ${body.number} (lines ${body.firstLine}-${body.lastLine})`,
						message: `X counted ${success} of ${total} users for the ${users} sent, after ${attempt} attempts`,
					});
				}
				totals.xSuccessCount += success;
				totals.xTotalCount += total;
				if (errors.length) {
					totals.xRefusedUsers += users;
					totals.xRefusals.push({ request: body.number, firstLine: body.firstLine, lastLine: body.lastLine, users, errors: errors as IDataObject[] });
				}
				report({ request: body.number, firstLine: body.firstLine, lastLine: body.lastLine, users, bytes: bytes.length, success_count: success, total_count: total, attempts: attempt, ...(errors.length ? { status: 'ERROR', errors: errors as IDataObject[] } : { status: 'OK' }) });
				return;
			}
		})().then(
			() => undefined,
			(error: unknown) => {
				failure ??= error as Error;
			},
		);
		const tracked = task.finally(() => inFlight.delete(tracked));
		inFlight.add(tracked);
	};
	const drain = async (all: boolean) => {
		while (ready.length && !failure) {
			while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
			if (failure) break;
			send(ready.shift()!);
		}
		if (all) while (inFlight.size) await Promise.race(inFlight);
	};

	const onUnreadable = (line: number, reason: string) => {
		totals.linesRead++;
		refuse(line, reason);
	};
	const splitter = new LineRecordSplitter({ csv: settings.csv, delimiter: settings.delimiter }, counted, onUnreadable);
	let lastYield = Date.now();
	const chunks = fileText(ctx, item.itemIndex, settings);
	try {
		for await (const piece of chunks) {
			splitter.push(piece);
			if (ready.length) await drain(false);
			if (failure) break;
			if (Date.now() - lastYield > YIELD_AFTER_MS) {
				await sleep(0);
				lastYield = Date.now();
			}
		}
		if (!failure) {
			splitter.end();
			if (current) ready.push(current);
			current = undefined;
			await drain(true);
		}
	} catch (error) {
		failure ??= error as Error;
	} finally {
		await chunks.return(undefined);
		while (inFlight.size) await Promise.race(inFlight);
	}
	if (failure) {
		const sent = `X had counted ${totals.xTotalCount} users of this file before (see the request summaries); sending the file again is safe, as adding or removing the same users again changes nothing.`;
		if (failure instanceof NodeApiError || failure instanceof NodeOperationError) {
			const error = failure as Error & { description?: string };
			error.description = `${error.description ?? ''} ${sent}`.trim();
			throw error;
		}
		const error = inputError(runNode(ctx), item.itemIndex, 'Input Binary Field (binaryPropertyName)', `holds a file that cannot be read: ${failure.message}`);
		error.description = sent;
		throw error;
	}
	return totals;
}

// ---- The endpoint in file mode --------------------------------------------------------------------

/**
 * Adds "Input: Items | File" to an Add/Remove Users endpoint. Items mode is the endpoint as it
 * was; file mode reads its own parameters and runs the file runner.
 */
/**
 * Whether the item prepareItem is reading is in file mode: set by read, used by check, which
 * prepareItem calls right after it with no await between (so no other run can interleave).
 */
let readingFile = false;

export function withFileInput(endpoint: Endpoint, identifiers: Field[], limits: AudienceLimits): Endpoint {
	const operationType = endpoint.operation === 'addUsers' ? 'Update' : 'Delete';
	const timeFields = (endpoint.fields ?? []).filter((f) => f.wire === 'effective_at' || f.wire === 'expires_at');
	const itemsOnly = (p: INodeProperties): INodeProperties => ({ ...p, displayOptions: { show: { ...p.displayOptions?.show, audienceInput: ['items'] } } });
	const timeName = (wire: string) => (wire === 'effective_at' ? 'effectiveAt' : 'expiresAt');
	return {
		...endpoint,
		description: `${endpoint.description}; or from a CSV or one-per-line file of millions of rows`,
		extraProperties: [inputProperty, ...(endpoint.extraProperties ?? []).map(itemsOnly), ...fileProperties(identifiers, timeFields)],
		fieldsShowWhen: { ...endpoint.fieldsShowWhen, audienceInput: ['items'] },
		read: (ctx, itemIndex, readParameters) => {
			readingFile = isFileMode(ctx, itemIndex);
			if (!readingFile) return endpoint.read ? endpoint.read(ctx, itemIndex, readParameters) : readParameters();
			readSettings(ctx, itemIndex, identifiers); // refuses bad file settings before any request
			// The record acted on (account, list); the identifier collection is hidden in file mode and not read.
			const values: IDataObject = {};
			for (const field of (endpoint.fields ?? []).filter((f) => f.required)) {
				const value = itemParameter(ctx, paramName(field), itemIndex, undefined, { extractValue: true }) as IDataObject[string];
				values[field.wire] = value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;
			}
			const options = ctx.getNodeParameter('fileOptions', itemIndex, {}) as IDataObject;
			for (const field of timeFields) {
				const value = options[timeName(field.wire)];
				if (value !== undefined && value !== '') values[field.wire] = value;
			}
			return values;
		},
		check: (values, helpers) => {
			// In file mode the times are all there is to check before sending; each row is checked as it is read.
			if (!readingFile) return endpoint.check?.(values, helpers);
			if (values.effective_at !== undefined && values.expires_at !== undefined && Date.parse(String(values.expires_at)) <= Date.parse(String(values.effective_at))) {
				helpers.fail('Expires At (expires_at)', 'must be later than Effective At (effective_at)');
			}
			if (values.effective_at === undefined && values.expires_at !== undefined && Date.parse(String(values.expires_at)) <= Date.now()) {
				helpers.fail('Expires At (expires_at)', `must be in the future when Effective At (effective_at) is not given, as that defaults to now (got ${String(values.expires_at)})`);
			}
		},
		batch: async (ctx, items, policy) => {
			if (!isFileMode(ctx, items[0].itemIndex)) return await endpoint.batch!(ctx, items, policy);
			return await fileRunner(ctx, items, policy, identifiers, operationType, limits);
		},
	};
}

async function fileRunner(ctx: IExecuteFunctions, items: CheckedItem[], policy: RetryPolicy, identifiers: Field[], operationType: 'Update' | 'Delete', limits: AudienceLimits): Promise<BatchSummaries> {
	const failed: Array<Error | undefined> = new Array(items.length);
	const summaries: BatchSummaries['summaries'] = [];
	const settings = items.map((item) => readSettings(ctx, item.itemIndex, identifiers));
	// Every file's start (its encoding) and every CSV's header against the column map are checked before the first request.
	const positions: number[][] = [];
	for (const [n, item] of items.entries()) {
		positions[n] = [];
		try {
			const header = await firstRowOf(ctx, item.itemIndex, settings[n]);
			if (!settings[n].csv) continue;
			positions[n] = columnPositions(header, settings[n].mapping, (field, rule) => {
				throw inputError(runNode(ctx), item.itemIndex, field, rule);
			});
		} catch (error) {
			const refused = error instanceof NodeOperationError ? error : inputError(runNode(ctx), item.itemIndex, 'Input Binary Field (binaryPropertyName)', `holds a file that cannot be read: ${(error as Error).message}`);
			if (!ctx.continueOnFail()) throw refused;
			failed[n] = refused;
		}
	}
	const limiter = new StartRateLimiter(limits.perMinute, 60_000);
	let requestOffset = 0;
	for (const [n, item] of items.entries()) {
		if (failed[n]) continue;
		const binary = ctx.getInputData()[item.itemIndex].binary![settings[n].property];
		const perRequest: IDataObject[] = [];
		try {
			const totals = await runFile(ctx, item, settings[n], positions[n], operationType, limits, limiter, policy, (json) => perRequest.push(json));
			perRequest.sort((a, b) => Number(a.request) - Number(b.request));
			for (const json of perRequest) summaries.push({ json: { ...json, request: requestOffset + Number(json.request) }, items: [n] });
			requestOffset += totals.requests;
			const confirmed = totals.xTotalCount === totals.usersSent && totals.xSuccessCount === totals.usersSent - totals.xRefusedUsers;
			summaries.push({
				json: {
					file: binary.fileName ?? settings[n].property,
					operation_type: operationType,
					linesRead: totals.linesRead,
					headerLines: totals.headerLines,
					blankLines: totals.blankLines,
					usersSent: totals.usersSent,
					refused: totals.refused,
					refusedLines: totals.refusedLines,
					...(totals.refused > totals.refusedLines.length ? { refusedLinesListed: `the first ${REFUSALS_LISTED} of ${totals.refused}` } : {}),
					requests: totals.requests,
					xSuccessCount: totals.xSuccessCount,
					xTotalCount: totals.xTotalCount,
					xRefusedUsers: totals.xRefusedUsers,
					xRefusals: totals.xRefusals,
					countsConfirmed: confirmed && totals.linesRead === totals.headerLines + totals.blankLines + totals.usersSent + totals.refused,
				},
				items: [n],
			});
		} catch (error) {
			for (const json of perRequest) summaries.push({ json: { ...json, request: requestOffset + Number(json.request) }, items: [n] });
			requestOffset += perRequest.length;
			failed[n] = error as Error;
			if (!ctx.continueOnFail()) break;
		}
	}
	return { summaryMode: true, perItem: items.map(() => []), summaries, failed };
}
