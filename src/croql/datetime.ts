// The datetime literal, described once: the forms a query may write between single quotes (all UTC), how
// the parser validates them, how the evaluator reads them, and what completion and hover offer.

/** The accepted forms, as shown to a person. */
export const DATETIME_FORMS = ['today', 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS'] as const;

/** `'today', 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS'`, for messages. */
export const DATETIME_FORMS_TEXT = "'today', 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS'";

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** The text between the quotes as UTC epoch ms, or null when it is not one of the accepted forms. */
export function datetimeLiteralMs(value: string, now: Date): number | null {
  const v = value.trim();
  if (v.toLowerCase() === 'today') return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const m = DATE_TIME.exec(v);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

/** Whether the text between the quotes is an accepted form naming a real day and time. */
export function isValidDatetime(value: string): boolean {
  if (value.toLowerCase() === 'today') return true;
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  // The groups one by one rather than mapped over a slice: this runs for every datetime literal parsed.
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const h = Number(m[4] ?? 0);
  const mi = Number(m[5] ?? 0);
  const sec = Number(m[6] ?? 0);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo) && h < 24 && mi < 60 && sec < 60;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The days in month `mo` (1–12) of year `y`, as `new Date(Date.UTC(y, mo, 0)).getUTCDate()` gives them
 * without making a Date: proleptic Gregorian, and years 0–99 read as 1900–1999, as Date.UTC reads them.
 */
function daysInMonth(y: number, mo: number): number {
  if (mo !== 2) return MONTH_DAYS[mo - 1]!;
  const year = y >= 0 && y <= 99 ? 1900 + y : y;
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 form the service's docs never show (`2024-05-01T00:00:00Z`, `…+02:00`) in the documented
 * form, converted to UTC: `2024-05-01 00:00:00`. Null when the text is not such a form. CroQL does not
 * accept these (the service's docs show only `'today'` and `'YYYY-MM-DD HH:MM:SS'`); the parser offers this
 * as what to write instead.
 */
export function documentedDatetime(value: string): string | null {
  const m = ISO.exec(value.trim());
  if (!m) return null;
  const zone = m[3]
    ? m[3].toUpperCase() === 'Z'
      ? 'Z'
      : m[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')
    : 'Z';
  const time = m[2]!.length === 5 ? `${m[2]}:00` : m[2]!;
  const ms = Date.parse(`${m[1]}T${time}${zone}`);
  if (ms !== ms) return null;
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The accepted forms filled with `now`'s date (UTC): `['today', '2024-06-15', '2024-06-15 00:00:00']`. */
export function datetimeExamples(now: Date): string[] {
  const day = now.toISOString().slice(0, 10);
  return ['today', day, `${day} 00:00:00`];
}

/** A datetime value of a field (ISO 8601 text, or epoch ms) → epoch ms; anything else → null. */
export function toTime(v: unknown): number | null {
  if (typeof v === 'string') {
    // Text without a zone (`2024-03-01 12:00:00`, `2024-03-01T12:00:00`) is UTC, like the literals
    // (JavaScript alone would read it as local time).
    const t = v.length > 10 && !hasZone(v) ? Date.parse(v.replace(' ', 'T') + 'Z') : Date.parse(v);
    return t === t ? t : null;
  }
  return typeof v === 'number' ? v : null;
}

function hasZone(v: string): boolean {
  const n = v.length;
  const last = v.charCodeAt(n - 1);
  if (last === 90 || last === 122) return true; // Z z
  const sign = (i: number) => v.charCodeAt(i) === 43 || v.charCodeAt(i) === 45; // + -
  return sign(n - 6) || sign(n - 5) || sign(n - 3);
}
