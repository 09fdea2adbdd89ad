/**
 * The stream's line parser: X sends one JSON value a line (\r\n), keep-alives as empty lines, and
 * a line may come in many pieces. The parser keeps the unfinished line in the pieces it came in
 * (no copy until its end arrives) and hands out whole lines only.
 */
export class LineParser {
	/** The unfinished line, in the pieces it came in. */
	private pieces: Buffer[] = [];
	/** Bytes of the unfinished line. */
	pending = 0;

	/** The lines a chunk completes (without their \n), in order. */
	push(chunk: Buffer): Buffer[] {
		const lines: Buffer[] = [];
		let start = 0;
		for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, start)) {
			let line = chunk.subarray(start, newline);
			if (this.pieces.length) line = Buffer.concat([...this.pieces, line]);
			this.pieces = [];
			this.pending = 0;
			start = newline + 1;
			lines.push(line);
		}
		if (start < chunk.length) {
			this.pieces.push(chunk.subarray(start));
			this.pending += chunk.length - start;
		}
		return lines;
	}
}
