/**
 * Local time in an IANA time zone (an ads account's `timezone`), with Intl.DateTimeFormat only:
 * community nodes import nothing but n8n-workflow, which does not hand out Luxon.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let f = formatters.get(timeZone);
	if (!f) {
		f = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		});
		formatters.set(timeZone, f);
	}
	return f;
}

export function isTimeZone(timeZone: string): boolean {
	try {
		formatter(timeZone);
		return true;
	} catch {
		return false;
	}
}

interface LocalParts {
	year: number;
	month: number;
	day: number;
	hour: number;
	minute: number;
	second: number;
}

/** The wall-clock date and time in the zone at an instant (epoch ms). */
export function localParts(timeZone: string, ms: number): LocalParts {
	const parts: Record<string, number> = {};
	for (const p of formatter(timeZone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
	return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: parts.minute, second: parts.second };
}

/** The zone's offset from UTC at an instant, in ms (e.g. -7 h in Los Angeles in summer). */
export function offsetMs(timeZone: string, ms: number): number {
	const p = localParts(timeZone, ms);
	return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of 00:00 on a local date (month 1-12; days past the month's end roll over). */
export function localMidnight(timeZone: string, year: number, month: number, day: number): number {
	const wall = Date.UTC(year, month - 1, day);
	// Two rounds settle the offset (the first guess may sit on the other side of a change).
	let guess = wall - offsetMs(timeZone, wall);
	guess = wall - offsetMs(timeZone, guess);
	return guess;
}

export function isLocalMidnight(timeZone: string, ms: number): boolean {
	const p = localParts(timeZone, ms);
	return p.hour === 0 && p.minute === 0 && p.second === 0 && ms % 1000 === 0;
}

/** The first local midnight after an instant. */
export function nextLocalMidnight(timeZone: string, ms: number): number {
	const p = localParts(timeZone, ms);
	return localMidnight(timeZone, p.year, p.month, p.day + 1);
}

/** The local date at an instant, as YYYY-MM-DD. */
export function localDate(timeZone: string, ms: number): string {
	const p = localParts(timeZone, ms);
	return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
