/**
 * bench/RESULTS.md as sections: every "## " heading starts one, up to the next "## " (its "### "
 * subsections go with it). A whole `npm run bench` writes the file afresh; a part run alone
 * (`--only`) replaces only the sections it measured and leaves every other figure as it was.
 */

export interface Section {
	/** What names the section across runs: "## 7." for a numbered one (its title carries sizes), else the heading line. */
	key: string;
	text: string;
}

/** The sections of the file the run does not own alone: they describe the whole run. */
const RUN_SECTIONS = new Set(['## Machine', '## Commands', '## Failures']);

function keyOf(heading: string): string {
	return /^## \d+\./.exec(heading)?.[0] ?? heading.trim();
}

/** The text before the first section, and the sections in order. */
export function splitSections(markdown: string): { head: string; sections: Section[] } {
	const parts = markdown.split(/^(?=## )/m);
	const head = parts[0].startsWith('## ') ? '' : parts.shift()!;
	return { head, sections: parts.map((text) => ({ key: keyOf(text.slice(0, text.indexOf('\n') < 0 ? undefined : text.indexOf('\n'))), text })) };
}

const numberOf = (key: string) => Number(/^## (\d+)\./.exec(key)?.[1] ?? Number.POSITIVE_INFINITY);

/**
 * `existing` with the measured sections of `fresh` in place of theirs (stamped with `stamp`); a
 * section the file lacks goes before the first numbered section of a higher number, else at the end.
 * The run-wide sections of `fresh` (machine, commands, failures) are left out.
 */
export function replaceSections(existing: string, fresh: string, stamp = ''): string {
	const current = splitSections(existing);
	const sections = [...current.sections];
	for (const section of splitSections(fresh).sections) {
		if (RUN_SECTIONS.has(section.key)) continue;
		const text = `${section.text.trimEnd()}\n${stamp ? `\n${stamp.trimEnd()}\n` : ''}\n`;
		const at = sections.findIndex((s) => s.key === section.key);
		if (at >= 0) sections[at] = { key: section.key, text };
		else {
			const before = sections.findIndex((s) => numberOf(s.key) > numberOf(section.key) && numberOf(s.key) !== Number.POSITIVE_INFINITY);
			sections.splice(before < 0 ? sections.length : before, 0, { key: section.key, text });
		}
	}
	const body = sections.map((s, i) => (i === sections.length - 1 ? s.text.trimEnd() + '\n' : s.text.endsWith('\n\n') ? s.text : `${s.text.trimEnd()}\n\n`)).join('');
	return `${current.head}${body}`;
}
