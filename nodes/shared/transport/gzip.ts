/**
 * Unpacking X's gzip result files (asynchronous analytics) with the web-standard
 * DecompressionStream, a global of Node.js (community nodes may not import zlib). The unpacked
 * bytes are handed on as they come and counted, so a small file that expands without limit is
 * stopped at the cap: memory holds a few pieces, never the unpacked file.
 */

export const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The packed bytes go in in small slices: zlib unpacks a slice whole before it looks at
 * back-pressure, so a slice of 4 KiB unpacks to at most about 4 MiB (gzip's largest ratio is
 * 1,032 to 1), whatever the file.
 */
const SLICE_BYTES = 4096;

export function isGzip(bytes: Uint8Array): boolean {
	return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** The unpacked bytes passed the cap: the message names it. */
export class UnpackLimitError extends Error {}

/** zlib's reason for a bad stream; DecompressionStream's own error has an empty message. */
function gzipReason(error: unknown): string {
	const err = error as { message?: string; code?: string; cause?: { code?: string; message?: string } };
	const code = err.code ?? err.cause?.code;
	if (code === 'Z_BUF_ERROR') return 'the gzip data ends before its end (the file is cut off)';
	const detail = err.cause?.message || err.message;
	return `the gzip data is damaged${detail ? ` (${detail})` : ''}`;
}

/**
 * Unpacks `bytes` and hands each unpacked piece to `onPiece` as it comes. Stops at once (and
 * throws) when the unpacked bytes would pass maxBytes, when onPiece throws, or when the data is
 * not one whole gzip stream (the reason says which).
 */
export async function gunzipPieces(bytes: Uint8Array, maxBytes: number, onPiece: (piece: Uint8Array) => void): Promise<void> {
	let offset = 0;
	const packed = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (offset >= bytes.length) return controller.close();
			controller.enqueue(bytes.subarray(offset, (offset += SLICE_BYTES)));
		},
	});
	const reader = packed.pipeThrough(new DecompressionStream('gzip')).getReader();
	let size = 0;
	for (;;) {
		const read = await reader.read().catch((error: unknown) => new Error(gzipReason(error)));
		if (read instanceof Error) throw read;
		if (read.done) return;
		size += read.value.byteLength;
		let stop: unknown;
		try {
			if (size > maxBytes) stop = new UnpackLimitError(`the file unpacks to more than ${Math.round(maxBytes / 1024 / 1024)} MiB`);
			else onPiece(read.value);
		} catch (error) {
			stop = error;
		}
		if (stop !== undefined) {
			await reader.cancel().catch(() => undefined);
			throw stop;
		}
	}
}
