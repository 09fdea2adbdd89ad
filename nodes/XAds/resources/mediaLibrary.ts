/** Media library: images, GIFs and videos of an account, by media key. */
import type { IDataObject } from 'n8n-workflow';

import type { Field, Resource } from '../../shared/engine/endpoints';
import { accountField } from '../common/fields';
import { checkMediaKind, detailFields, MEDIA_KEY, NOT_VIDEO_PREFIXES } from '../common/mediaFields';

const mediaKeyField: Field = { wire: 'media_key', label: 'Media Key', type: 'string', required: true, rules: MEDIA_KEY };

/** Title, description and poster exist only for videos; an image or GIF key with them is refused. */
function checkVideoOnly(values: IDataObject, fail: (field: string, rule: string) => never): void {
	const key = String(values.media_key ?? '');
	checkMediaKind(values, 'poster_media_key', 'Poster Media Key', ['IMAGE'], fail);
	if (!NOT_VIDEO_PREFIXES.some((prefix) => key.startsWith(prefix))) return;
	for (const field of detailFields.filter((f) => f.description?.startsWith('Videos only'))) {
		if (values[field.wire] !== undefined) fail(`${field.label} (${field.wire})`, `is for videos only, and ${key} is an image or GIF`);
	}
}

const path = '/accounts/{account_id}/media_library';

export const mediaLibraryResource: Resource = {
	name: 'Media Library',
	value: 'mediaLibrary',
	description: 'Images, GIFs and videos of an ads account',
	endpoints: [
		{
			operation: 'getAll',
			name: 'Get Many',
			action: 'Get many media library objects',
			description: 'List the media library, optionally by type or search term',
			method: 'GET',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-media-library',
			list: { maxCount: 50 },
			fields: [
				accountField,
				{ wire: 'media_type', label: 'Media Type', type: 'options', options: ['GIF', 'IMAGE', 'VIDEO'] },
				{ wire: 'q', name: 'search', label: 'Search', type: 'string', description: 'Term matched in name, title, file name and description', rules: { minLength: 1, maxLength: 255 } },
			],
		},
		{
			operation: 'get',
			name: 'Get',
			action: 'Get a media library object',
			description: 'Get one media library object by media key',
			method: 'GET',
			path: `${path}/{media_key}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#get-accounts-account-id-media-library-media-key',
			fields: [accountField, mediaKeyField],
		},
		{
			operation: 'create',
			name: 'Add',
			action: 'Add media to the media library',
			description: 'Add uploaded media (by its media key) to the library',
			method: 'POST',
			path,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-media-library',
			fields: [accountField, mediaKeyField, ...detailFields],
			check: (values, { fail }) => checkVideoOnly(values, fail),
		},
		{
			operation: 'update',
			name: 'Update',
			action: 'Update a media library object',
			description: 'Change the name, file name, title, description or poster',
			method: 'PUT',
			path: `${path}/{media_key}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#put-accounts-account-id-media-library-media-key',
			fields: [accountField, mediaKeyField, ...detailFields],
			check: (values, { fail }) => {
				if (!detailFields.some((f) => values[f.wire] !== undefined)) fail('Update Fields', 'needs at least one field to change');
				checkVideoOnly(values, fail);
			},
		},
		{
			operation: 'delete',
			name: 'Delete',
			action: 'Delete a media library object',
			description: 'Delete a media library object',
			method: 'DELETE',
			path: `${path}/{media_key}`,
			docs: 'https://docs.x.com/x-ads-api/creatives/reference#delete-accounts-account-id-media-library-media-key',
			fields: [accountField, mediaKeyField],
		},
	],
};
