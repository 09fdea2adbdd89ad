/**
 * Unpacking X's gzip result files (asynchronous analytics) with the web-standard
 * DecompressionStream, a global of Node.js (community nodes may not import zlib). The unpacked
 * size is bounded, so a small file cannot expand without limit.
 */

export const GZIP_MAGIC = [0x1f, 0x8b];

export function isGzip(bytes: Uint8Array): boolean {
	return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** The unpacked bytes; throws when they exceed maxBytes or the data is not a whole gzip stream. */
export async function gunzip(bytes: Uint8Array, maxBytes: number): Promise<Buffer> {
	const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
	const reader = stream.getReader();
	const chunks: Buffer[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > maxBytes) {
			await reader.cancel();
			throw new Error(`the file unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
		}
		chunks.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
	}
	return Buffer.concat(chunks);
}
