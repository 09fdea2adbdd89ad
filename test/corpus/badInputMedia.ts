/**
 * Bad-input entries of Media → Upload (https://docs.x.com/x-api/media/introduction: image 5 MB,
 * GIF 15 MB, video 512 MB; the MIME types of openapi's InitializeMediaUploadRequest; alt text
 * at most 1,000 characters, CreateMediaMetadataMetadataAltText) and of its media library fields
 * (https://docs.x.com/x-ads-api/creatives/reference#post-accounts-account-id-media-library).
 * Same layout as badInput.ts, which includes them. The file comes as the item's binary data
 * (test.items' "$binary"). A video X fails to process is refused by X after the upload, so it is
 * an engine test (test/engine/media.upload.test.ts), not an entry here.
 */
import type { IDataObject } from 'n8n-workflow';

import { rows, type BadInput } from './badInput';

const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000004b00000027408060000', 'hex');
const file = (bytes: Buffer, mimeType: string, fileName: string, property = 'data'): IDataObject => ({ $binary: { [property]: { data: bytes.toString('base64'), mimeType, fileName } } });
const png = (size = 1000) => file(Buffer.concat([PNG_HEAD, Buffer.alloc(Math.max(0, size - PNG_HEAD.length))]), 'image/png', 'shoe.png');
const withFile = (item: IDataObject): Partial<BadInput> => ({ input: [item] });
const BINARY = { names: 'Input Binary Field (binaryPropertyName)' };
const account = { __rl: true, mode: 'id', value: '18ce54d4x5t' };

export const mediaBadInput: BadInput[] = rows('docs.x.com/x-api/media/introduction', 'ads', 'media', 'upload', {}, [
	['media', 'enum', 'a PNG with Media Category tweet_gif', { mediaCategory: 'tweet_gif' }, /holds shoe\.png \(image\/png\), which Media Category Post GIF \(tweet_gif\) does not take: it takes image\/gif/, { ...withFile(png()), ...BINARY }],
	['media', 'enum', 'an MP4 as a promoted image', { mediaCategory: 'tweet_image' }, /holds clip\.mp4 \(video\/mp4\), which Media Category Post Image \(tweet_image\) does not take.*Promoted Video \(amplify_video\) fits this file/, { ...withFile(file(Buffer.from('0000001866747970', 'hex'), 'video/mp4', 'clip.mp4')), ...BINARY }],
	['media', 'enum', 'a PDF (no type X takes)', {}, /holds brief\.pdf \(application\/pdf\), which is no type X takes/, { ...withFile(file(Buffer.from('%PDF-1.4'), 'application/pdf', 'brief.pdf')), ...BINARY }],
	['media', 'range', 'an image over 5 MB', {}, /holds shoe\.png \(image\/png\) of 5\.00 MB \(5,242,881 bytes\), over X's 5 MB limit for Post Image \(tweet_image\)/, { ...withFile(png(5 * 1024 * 1024 + 1)), ...BINARY }],
	['media', 'range', 'an empty file', {}, /holds an empty file shoe\.png \(image\/png\): 0 bytes/, { ...withFile(file(Buffer.alloc(0), 'image/png', 'shoe.png')), ...BINARY }],
	['media', 'required', 'a binary property the item does not have', { binaryPropertyName: 'image' }, /names no binary property of the item \(got "image"; the item has data\)/, { ...withFile(png()), ...BINARY }],
	['media', 'required', 'an item with no binary data at all', {}, /names no binary property of the item \(got "data"; the item has no binary data\)/, BINARY],
	['additional_owners', 'format', 'a handle instead of a user ID', { additionalFields: { additionalOwners: '783214,@acme' } }, /Additional Owners \(additional_owners\) must be X user IDs, an X user ID \(1 to 19 digits\) each \(got "@acme"\)/, withFile(png())],
	['additional_owners', 'count', '101 owners', { additionalFields: { additionalOwners: Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',') } }, /Additional Owners \(additional_owners\) takes at most 100 values/, withFile(png())],
	['alt_text', 'length', '1,001 characters', { additionalFields: { altText: 'a'.repeat(1001) } }, /Alt Text \(alt_text\)/, withFile(png())],
	['max_wait', 'range', 'a wait of 0 seconds', { additionalFields: { maxWait: 0 } }, /Max Wait \(Seconds\) \(max_wait\)/, withFile(png())],
	['max_wait', 'range', 'a wait over an hour', { additionalFields: { maxWait: 3601 } }, /Max Wait \(Seconds\) \(max_wait\)/, withFile(png())],
	['name', 'length', 'a library name of 101 characters', { addToMediaLibrary: true, account, additionalFields: { libraryName: 'n'.repeat(101) } }, /Library Name \(name\)/, withFile(png())],
	['file_name', 'length', 'a library file name of 256 characters', { addToMediaLibrary: true, account, additionalFields: { libraryFileName: 'f'.repeat(256) } }, /Library File Name \(file_name\)/, withFile(png())],
	['title', 'other', 'a video title on an image', { addToMediaLibrary: true, account, additionalFields: { libraryTitle: 'Launch' } }, /Library Title \(title\) is for videos only, and this file is an image/, withFile(png())],
	['title', 'length', 'a title of 71 characters', { addToMediaLibrary: true, account, additionalFields: { libraryTitle: 't'.repeat(71) } }, /Library Title \(title\)/, withFile(png())],
	['description', 'length', 'a description of 201 characters', { addToMediaLibrary: true, account, additionalFields: { libraryDescription: 'd'.repeat(201) } }, /Library Description \(description\)/, withFile(png())],
	['account_id', 'required', 'Add to Media Library with an account that resolves to nothing', { addToMediaLibrary: true, account: { __rl: true, mode: 'id', value: '={{ $json.accountId }}' } }, /Account \(account\) is required to add to the media library: an X Ads account ID/, { ...withFile({ ...png(), accountId: '' }), names: 'Account (account)' }],
]);
