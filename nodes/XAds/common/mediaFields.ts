/** Media keys of the media library and the fields that carry them, as posts, cards and media use them. */
import type { IDataObject } from 'n8n-workflow';

import type { Field } from '../../shared/engine/endpoints';

/** X media keys are "<category>_<id>": 3 image, 16 GIF; 7 and 13 are videos. */
export const MEDIA_KEY = { pattern: /^\d+_\d+$/, patternRule: 'an X media key such as 3_1151345051729682432 or 13_1151345051729682432' };
export const NOT_VIDEO_PREFIXES = ['3_', '16_'];

export type MediaKind = 'IMAGE' | 'VIDEO' | 'GIF';

/** The kind of media a key names, by its category prefix (undefined for other categories). */
export function mediaKindOf(key: string): MediaKind | undefined {
	const category = /^(\d+)_\d+$/.exec(key)?.[1];
	if (category === '3') return 'IMAGE';
	if (category === '16') return 'GIF';
	if (category === '7' || category === '13') return 'VIDEO';
	return undefined;
}

/** Refuses a key of another kind than the field takes (keys of unknown categories are left to X). */
export function checkMediaKind(
	values: IDataObject,
	wire: string,
	label: string,
	allowed: MediaKind[],
	fail: (field: string, rule: string) => never,
): void {
	const key = values[wire];
	if (typeof key !== 'string') return;
	const kind = mediaKindOf(key);
	const noun = (k: MediaKind) => ({ IMAGE: 'an image', VIDEO: 'a video', GIF: 'a GIF' })[k];
	if (kind && !allowed.includes(kind)) {
		fail(`${label} (${wire})`, `must be the media key of ${allowed.map(noun).join(' or ')} (${key} is ${noun(kind)})`);
	}
}

/** Details of a media library entry: names for all, and what only videos have. */
export const detailFields: Field[] = [
	{ wire: 'name', label: 'Name', type: 'string', rules: { maxLength: 100 } },
	{ wire: 'file_name', label: 'File Name', type: 'string', rules: { maxLength: 255 } },
	{ wire: 'title', label: 'Title', type: 'string', description: 'Videos only. The headline under the video when posted; a post shows it only when it sets Video Title (video_title).', rules: { maxLength: 70 } },
	{ wire: 'description', label: 'Description', type: 'string', description: 'Videos only. The text under the video when posted; a post shows it only when it sets Video Description (video_description).', rules: { maxLength: 200 } },
	{ wire: 'poster_media_key', label: 'Poster Media Key', type: 'string', description: 'Videos only; default the first frame', rules: MEDIA_KEY },
];
