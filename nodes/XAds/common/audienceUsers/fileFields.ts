/**
 * The parameters of Add/Remove Users from a file (Input = File): the binary property, the file's
 * format, its column map and encoding, and reading them for one item with the rule each breaks.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { IdentifierType } from '../../../shared/values/audienceHashing';
import type { Field } from '../../../shared/engine/endpoints';
import { itemParameter, runNode } from '../../../shared/engine/prepare';
import { inputError } from '../../../shared/engine/validation';
import { binaryPropertyParameter } from '../fields';

export type Mapping = Array<{ column: string; type: IdentifierType }>;

/** The encodings a file may be read in (TextDecoder labels); bytes not valid in it are refused, never hashed. */
const ENCODINGS = ['utf-8', 'utf-16le', 'windows-1252'] as const;
export type FileEncoding = (typeof ENCODINGS)[number];

export interface FileSettings {
	property: string;
	csv: boolean;
	delimiter: string;
	encoding: FileEncoding;
	/** One-per-line files: the identifier type of every line. */
	lineType: IdentifierType;
	mapping: Mapping;
}

/** n8n's lint wants five options or more in name order. */
const typeOptions = (identifiers: Field[]) => identifiers.map((f) => ({ name: f.label, value: f.wire })).sort((a, b) => a.name.localeCompare(b.name));

export function fileProperties(identifiers: Field[], timeFields: Field[]): INodeProperties[] {
	const file = { audienceInput: ['file'] };
	return [
		{ ...binaryPropertyParameter('the list (from Read/Write Files from Disk, an HTTP download, a CRM export)'), displayOptions: { show: file } },
		{
			displayName: 'File Format',
			name: 'fileFormat',
			type: 'options',
			options: [
				{ name: 'One Identifier per Line', value: 'lines', description: 'Every line one value of the type below; blank lines are skipped' },
				{ name: 'CSV With Header Row', value: 'csv', description: 'Columns named in the header row, mapped to identifier types below' },
			],
			default: 'lines',
			displayOptions: { show: file },
		},
		{
			displayName: 'Identifier Type',
			name: 'lineIdentifierType',
			type: 'options',
			options: typeOptions(identifiers),
			default: 'email', // both lists start with email
			description: 'What every line of the file holds',
			displayOptions: { show: { ...file, fileFormat: ['lines'] } },
		},
		{
			displayName: 'Columns',
			name: 'columnMap',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Column',
			default: {},
			description: 'Which header columns hold which identifier; a row may have several (one user with all of them), empty cells are skipped',
			displayOptions: { show: { ...file, fileFormat: ['csv'] } },
			options: [
				{
					displayName: 'Column',
					name: 'columns',
					values: [
						{ displayName: 'Column Name', name: 'column', type: 'string', default: '', placeholder: 'e.g. Email', description: 'As in the header row (case and spaces around it do not matter)' },
						{ displayName: 'Identifier Type', name: 'type', type: 'options', options: typeOptions(identifiers), default: 'email' },
					],
				},
			],
		},
		{
			displayName: 'File Options',
			name: 'fileOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: file },
			options: [
				{ displayName: 'CSV Delimiter', name: 'delimiter', type: 'string', default: ',', description: 'One character between CSV fields, e.g. ; or a tab (\\t)' },
				...timeFields.map((f): INodeProperties => ({ displayName: f.label, name: f.name ?? (f.wire === 'effective_at' ? 'effectiveAt' : 'expiresAt'), type: 'dateTime', default: '', description: f.description })),
				{
					displayName: 'File Encoding',
					name: 'encoding',
					type: 'options',
					options: [
						{ name: 'UTF-8', value: 'utf-8' },
						{ name: 'UTF-16 LE (Excel "Unicode Text")', value: 'utf-16le' },
						{ name: 'Windows-1252 (Latin-1)', value: 'windows-1252' },
					],
					default: 'utf-8',
					description: 'How the file\'s bytes are text. A row whose identifier holds bytes not valid in it is refused with its line, never hashed.',
				},
			],
		},
	];
}

export const inputProperty: INodeProperties = {
	displayName: 'Input',
	name: 'audienceInput',
	type: 'options',
	options: [
		{ name: 'Items', value: 'items', description: 'Each input item is one user (identifiers from fields or the item\'s JSON)' },
		{ name: 'File', value: 'file', description: 'A CSV or one-identifier-per-line file in a binary property, read as a stream: for lists of millions' },
	],
	default: 'items',
	noDataExpression: true,
};

export const isFileMode = (ctx: IExecuteFunctions, itemIndex: number) => itemParameter(ctx, 'audienceInput', itemIndex, 'items') === 'file';

export function readSettings(ctx: IExecuteFunctions, itemIndex: number, identifiers: Field[]): FileSettings {
	const node = runNode(ctx);
	const fail = (field: string, rule: string): never => {
		throw inputError(node, itemIndex, field, rule);
	};
	const allowed = identifiers.map((f) => f.wire);
	const property = String(ctx.getNodeParameter('binaryPropertyName', itemIndex, 'data')).trim();
	if (!property) fail('Input Binary Field (binaryPropertyName)', 'is required');
	const csv = ctx.getNodeParameter('fileFormat', itemIndex, 'lines') === 'csv';
	const options = ctx.getNodeParameter('fileOptions', itemIndex, {}) as IDataObject;
	let delimiter = String(options.delimiter ?? ',');
	if (delimiter === '\\t') delimiter = '\t';
	if (csv && (delimiter.length !== 1 || delimiter === '"' || delimiter === '\n' || delimiter === '\r')) {
		fail('CSV Delimiter (delimiter)', `must be one character other than a quote or a line break (got ${JSON.stringify(delimiter)})`);
	}
	const encoding = String(options.encoding ?? 'utf-8') as FileEncoding;
	if (!ENCODINGS.includes(encoding)) fail('File Encoding (encoding)', `must be one of ${ENCODINGS.join(', ')} (got ${JSON.stringify(encoding)})`);
	const lineType = String(ctx.getNodeParameter('lineIdentifierType', itemIndex, allowed[0])) as IdentifierType;
	if (!csv && !allowed.includes(lineType)) fail('Identifier Type (lineIdentifierType)', `must be one of ${allowed.join(', ')} (got ${JSON.stringify(lineType)})`);
	const mapping: Mapping = [];
	if (csv) {
		const entries = ((ctx.getNodeParameter('columnMap', itemIndex, {}) as IDataObject).columns ?? []) as IDataObject[];
		entries.forEach((entry, n) => {
			const column = String(entry.column ?? '').trim();
			const type = String(entry.type ?? '') as IdentifierType;
			if (!column) fail(`Columns (columnMap) entry ${n + 1}`, 'needs a column name');
			if (!allowed.includes(type)) fail(`Columns (columnMap) entry ${n + 1}`, `needs an identifier type, one of ${allowed.join(', ')} (got ${JSON.stringify(type)})`);
			mapping.push({ column, type });
		});
		if (!mapping.length) fail('Columns (columnMap)', `needs at least one column mapped to an identifier type (${allowed.join(', ')})`);
	}
	const binary = ctx.getInputData()[itemIndex]?.binary?.[property];
	if (!binary) {
		const present = Object.keys(ctx.getInputData()[itemIndex]?.binary ?? {});
		fail('Input Binary Field (binaryPropertyName)', `names no binary property of the item (got ${JSON.stringify(property)}; the item has ${present.length ? present.join(', ') : 'no binary data'})`);
	}
	return { property, csv, delimiter, encoding, lineType, mapping };
}
