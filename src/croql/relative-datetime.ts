// Relative datetimes, described once: what a template's datetime parameter may say instead of a fixed date
// ("7 days ago", "start of this month"), how it reads, and the datetime it becomes at a given "now" (UTC,
// like every CroQL datetime). The query sent always holds a plain datetime literal; the relative value is
// kept in the template, so a saved "changed this week" is worked out again at each run. Pure: "now" is
// passed in, as the evaluator takes it. The parameter form, the run (template.ts) and explain read this.

export const RELATIVE_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

export const RELATIVE_PERIODS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type RelativePeriod = (typeof RELATIVE_PERIODS)[number];

export type RelativeDatetime =
  | { kind: 'now' }
  | { kind: 'yesterday' }
  | { kind: 'ago'; amount: number; unit: RelativeUnit }
  | { kind: 'start'; which: 'this' | 'last'; period: RelativePeriod };

/** The forms, as shown to a person (the form's hint, messages). */
export const RELATIVE_FORMS_TEXT =
  '7 days ago, 2 hours ago, yesterday, start of this week, start of last month';

/** What the form offers for a datetime parameter, most used first. */
export const RELATIVE_SUGGESTIONS: readonly string[] = [
  'today',
  'yesterday',
  '24 hours ago',
  '7 days ago',
  '30 days ago',
  'start of this week',
  'start of last week',
  'start of this month',
  'start of last month',
  'start of this quarter',
  'start of this year',
  'now',
];

const AGO = /^(\d{1,4})\s+(minute|hour|day|week|month|year)s?\s+ago$/;
const START = /^start\s+of\s+(this|last)\s+(day|week|month|quarter|year)$/;
const MAX_AMOUNT = 9999;

/** A relative value (any case, any spacing), or null when the text is not one. `today` is CroQL's own. */
export function parseRelative(value: string): RelativeDatetime | null {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ');
  if (v === 'now') return { kind: 'now' };
  if (v === 'yesterday') return { kind: 'yesterday' };
  const ago = AGO.exec(v);
  if (ago) {
    const amount = Number(ago[1]);
    return amount >= 1 && amount <= MAX_AMOUNT ? { kind: 'ago', amount, unit: ago[2] as RelativeUnit } : null;
  }
  const start = START.exec(v);
  if (start) return { kind: 'start', which: start[1] as 'this' | 'last', period: start[2] as RelativePeriod };
  return null;
}

/** The value as a phrase of a sentence: "7 days ago", "the start of this month", "now". */
export function describeRelative(rel: RelativeDatetime): string {
  switch (rel.kind) {
    case 'now':
      return 'now';
    case 'yesterday':
      return 'the start of yesterday';
    case 'ago':
      return `${rel.amount} ${rel.unit}${rel.amount === 1 ? '' : 's'} ago`;
    case 'start':
      return `the start of ${rel.which} ${rel.period}`;
  }
}

const DAY_MS = 86_400_000;

/** Epoch ms of the relative value at `now`. Weeks start on Monday (ISO 8601); everything is UTC. */
export function relativeMs(rel: RelativeDatetime, now: Date): number {
  const t = Math.floor(now.getTime() / 1000) * 1000;
  const y = now.getUTCFullYear(),
    m = now.getUTCMonth(),
    d = now.getUTCDate();
  const midnight = Date.UTC(y, m, d);
  switch (rel.kind) {
    case 'now':
      return t;
    case 'yesterday':
      return midnight - DAY_MS;
    case 'ago':
      return ago(rel.amount, rel.unit, now);
    case 'start': {
      const back = rel.which === 'last' ? 1 : 0;
      switch (rel.period) {
        case 'day':
          return midnight - back * DAY_MS;
        case 'week': {
          const monday = midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS;
          return monday - back * 7 * DAY_MS;
        }
        case 'month':
          return Date.UTC(y, m - back, 1);
        case 'quarter':
          return Date.UTC(y, m - (m % 3) - 3 * back, 1);
        case 'year':
          return Date.UTC(y - back, 0, 1);
      }
    }
  }
}

function ago(amount: number, unit: RelativeUnit, now: Date): number {
  const t = Math.floor(now.getTime() / 1000) * 1000;
  switch (unit) {
    case 'minute':
      return t - amount * 60_000;
    case 'hour':
      return t - amount * 3_600_000;
    case 'day':
      return t - amount * DAY_MS;
    case 'week':
      return t - amount * 7 * DAY_MS;
    case 'month':
      return shiftMonths(now, -amount);
    case 'year':
      return shiftMonths(now, -12 * amount);
  }
}

/** The same time of day `months` months away, on the last day of the month when that day is missing. */
function shiftMonths(now: Date, months: number): number {
  const y = now.getUTCFullYear(),
    m = now.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(now.getUTCDate(), last);
  return Date.UTC(y, m, day, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds());
}

/** Epoch ms as the body of a datetime literal: `2024-05-08 13:45:00` (UTC). */
export function datetimeText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The relative value at `now`, as the body of a datetime literal. */
export function resolveRelative(rel: RelativeDatetime, now: Date): string {
  return datetimeText(relativeMs(rel, now));
}
