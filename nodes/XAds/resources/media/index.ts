/** Media: upload an image, GIF, video or subtitles file to X, optionally straight into an ads account's media library. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { Endpoint, Field, Resource } from '../../../shared/engine/endpoints';
import { findEndpoint } from '../../../shared/engine/endpoints';
import { fieldProperty } from '../../../shared/engine/description';
import { itemParameter } from '../../../shared/engine/prepare';
import { adsRequest } from '../../../shared/transport/transport';
import { accountField, binaryPropertyParameter } from '../../common/fields';
import { CATEGORIES, DEFAULT_MAX_WAIT_SECS, MAX_WAIT_SECS, MEDIA_CALLS, mediaFileOf, uploadMedia, type MediaFile } from './upload';
import { detailFields } from '../../common/mediaFields';
import { mediaLibraryResource } from '../mediaLibrary';

const USER_ID = { pattern: /^\d{1,19}$/, patternRule: 'an X user ID (1 to 19 digits)' };

const uploadFields: Field[] = [
	// The Account parameter is shown with Add to Media Library only; read supplies it then.
	{ wire: 'account_id', name: 'account', label: 'Account', type: 'string', noParameter: true },
	{ wire: 'additional_owners', label: 'Additional Owners', type: 'list', description: 'User IDs (comma-separated) that may use the media too: for promoted media, the ads account\'s user (its promotable user) when another user uploads', rules: { maxItems: 100 } },
	{ wire: 'alt_text', label: 'Alt Text', type: 'string', description: 'Description of the image or GIF for people who cannot see it (X\'s media metadata, at most 1,000 characters)', rules: { maxLength: 1000, freeText: true } },
	{ wire: 'max_wait', name: 'maxWait', label: 'Max Wait (Seconds)', type: 'number', default: DEFAULT_MAX_WAIT_SECS, description: 'How long to wait for X to process a video or GIF, polling as X advises (check_after_secs); the item fails when X is still processing then', rules: { min: 1, max: MAX_WAIT_SECS, integer: true } },
	// The media library's fields, sent when Add to Media Library is on.
	...detailFields.filter((f) => f.wire !== 'poster_media_key').map((f) => ({ ...f, label: `Library ${f.label}`, name: `library${f.label.replace(/ /g, '')}`, description: `With Add to Media Library: ${f.description ?? (f.wire === 'file_name' ? 'default the binary\'s file name' : 'the label in the library')}` })),
];

/** n8n's lint wants the options in name order; the default stays "From the File's Type". */
const categoryOptions = [
	{ name: 'From the File\'s Type', value: 'auto', description: 'Image: tweet_image, GIF: tweet_gif, video: amplify_video (promoted video), SRT/VTT: subtitles' },
	...Object.entries(CATEGORIES).map(([value, rule]) => ({ name: rule.label, value, description: `X's ${value}: ${rule.types.join(', ')}${rule.maxBytes ? `, at most ${rule.maxBytes / 1024 / 1024} MB` : ''}` })),
].sort((a, b) => a.name.localeCompare(b.name));

const uploadProperties: INodeProperties[] = [
	binaryPropertyParameter('the image, GIF, video or subtitles (from Read/Write Files from Disk, an HTTP download, a drive node)'),
	{
		displayName: 'Media Category',
		name: 'mediaCategory',
		type: 'options',
		options: categoryOptions,
		default: 'auto',
		description: 'X\'s use of the media, which sets its size limit: image 5 MB, GIF 15 MB, video 512 MB. Promoted video (in ads) must be amplify_video.',
	},
	{
		displayName: 'Add to Media Library',
		name: 'addToMediaLibrary',
		type: 'boolean',
		default: false,
		description: 'Whether to add the uploaded media to an ads account\'s media library in the same step (for cards and promoted posts)',
	},
	{ ...fieldProperty(accountField), displayOptions: { show: { addToMediaLibrary: [true] } } },
];

const libraryAdd = findEndpoint([mediaLibraryResource], 'mediaLibrary', 'create');

/** The item read last (set by read for check, which prepareItem calls right after it with no await between). */
let reading: { file: MediaFile; toLibrary: boolean } | undefined;

const fileOf = (ctx: Parameters<NonNullable<Endpoint['read']>>[0], itemIndex: number) =>
	mediaFileOf(ctx, itemIndex, String(itemParameter(ctx, 'binaryPropertyName', itemIndex, 'data')).trim(), String(itemParameter(ctx, 'mediaCategory', itemIndex, 'auto')));
const toLibrary = (ctx: Parameters<NonNullable<Endpoint['read']>>[0], itemIndex: number) => itemParameter(ctx, 'addToMediaLibrary', itemIndex, false) === true;

export const mediaResource: Resource = {
	name: 'Media',
	value: 'media',
	description: 'Images, GIFs, videos and subtitles uploaded to X',
	endpoints: [
		{
			operation: 'upload',
			name: 'Upload',
			action: 'Upload media',
			description: 'Upload an image, GIF, video or subtitles from a binary property (in segments, with processing wait), optionally into a media library',
			...MEDIA_CALLS.initialize,
			fields: uploadFields,
			optionalLabel: 'Options',
			extraProperties: uploadProperties,
			read: (ctx, itemIndex, readParameters) => {
				const values = readParameters();
				reading = { file: fileOf(ctx, itemIndex), toLibrary: toLibrary(ctx, itemIndex) };
				if (reading.toLibrary) {
					values.account_id = itemParameter(ctx, 'account', itemIndex, undefined, { extractValue: true }) as string;
					if (values.file_name === undefined && reading.file.fileName) values.file_name = reading.file.fileName.slice(0, 255);
				}
				return values;
			},
			check: (values, { fail }) => {
				for (const owner of (values.additional_owners as string[] | undefined) ?? []) {
					if (!/^\d{1,19}$/.test(owner)) fail('Additional Owners (additional_owners)', `must be X user IDs, ${USER_ID.patternRule} each (got ${JSON.stringify(owner)})`);
				}
				if (!reading?.toLibrary) return;
				if (!/^[A-Za-z0-9]{1,32}$/.test(String(values.account_id ?? ''))) fail('Account (account)', `is required to add to the media library: ${accountField.locator!.idRule} (got ${JSON.stringify(values.account_id ?? '')})`);
				const kind = CATEGORIES[reading.file.category].kind;
				for (const field of detailFields.filter((f) => f.description?.startsWith('Videos only'))) {
					if (values[field.wire] !== undefined && kind !== 'video') fail(`Library ${field.label} (${field.wire})`, `is for videos only, and this file is ${kind === 'gif' ? 'a GIF' : `an ${kind}`}`);
				}
				if (kind === 'subtitles') fail('Add to Media Library (addToMediaLibrary)', 'takes images, GIFs and videos; subtitles do not go into a media library');
			},
			run: async (ctx, item, policy) => {
				const values = item.values;
				const file = fileOf(ctx, item.itemIndex);
				const maxWait = values.max_wait === undefined ? DEFAULT_MAX_WAIT_SECS : Number(values.max_wait);
				const media = await uploadMedia(ctx, item, file, { additionalOwners: (values.additional_owners as string[] | undefined) ?? [], altText: values.alt_text as string | undefined, maxWaitSecs: maxWait }, policy);
				if (!toLibrary(ctx, item.itemIndex)) return [media];
				const details: IDataObject = { media_key: media.media_key };
				for (const field of detailFields) if (values[field.wire] !== undefined) details[field.wire] = values[field.wire];
				const envelope = await adsRequest(ctx, {
					method: libraryAdd.method,
					host: libraryAdd.host ?? 'ads',
					path: libraryAdd.path,
					pathParams: { account_id: String(values.account_id) },
					qs: details,
					itemIndex: item.itemIndex,
				}, policy);
				return [{ ...media, media_library: envelope.data as IDataObject }];
			},
		},
	],
};
