/** multipart/form-data bodies (RFC 7578) as the emulator reads them: parts by name, bytes kept as bytes. */

export interface FormPart {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** The boundary of a multipart/form-data Content-Type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	const [type, ...params] = String(contentType ?? '').split(';');
	if (type.trim().toLowerCase() !== 'multipart/form-data') return undefined;
	for (const param of params) {
		const m = /^\s*boundary="?([^";]+)"?\s*$/i.exec(param);
		if (m) return m[1];
	}
	return undefined;
}

/** The parts of a body, or null when it is not well-formed multipart (no closing delimiter, a part without a name). */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] | null {
	const delimiter = Buffer.from(`--${boundary}`, 'latin1');
	const parts: FormPart[] = [];
	let at = body.indexOf(delimiter);
	if (at < 0) return null;
	for (;;) {
		at += delimiter.length;
		if (body[at] === 45 && body[at + 1] === 45) return parts; // "--": the closing delimiter
		if (body[at] !== 13 || body[at + 1] !== 10) return null;
		const headerEnd = body.indexOf('\r\n\r\n', at + 2, 'latin1');
		if (headerEnd < 0) return null;
		const headers = body.subarray(at + 2, headerEnd).toString('utf8').split('\r\n');
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n', 'latin1'), delimiter]), headerEnd + 4);
		if (next < 0) return null;
		const part: Partial<FormPart> = { data: body.subarray(headerEnd + 4, next) };
		for (const header of headers) {
			const [key, ...rest] = header.split(':');
			const value = rest.join(':').trim();
			if (key.trim().toLowerCase() === 'content-disposition') {
				part.name = /\bname="([^"]*)"/i.exec(value)?.[1];
				part.filename = /\bfilename="([^"]*)"/i.exec(value)?.[1];
			} else if (key.trim().toLowerCase() === 'content-type') part.contentType = value;
		}
		if (!part.name) return null;
		parts.push(part as FormPart);
		at = next + 2;
	}
}
