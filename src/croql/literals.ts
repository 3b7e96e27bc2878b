// The literals a query writes, described once: how a string, a mention and a datetime are spelled. The
// formatter, the builder, the templates, the examples and completion write through these, and the parser
// (parse-ast.ts) reads what they write back (literals.test.ts round-trips them). Pure.
import { isValidDatetime } from './datetime.ts';
import type { Mention } from './types.ts';

/** The text between a string literal's quotes: `\` and `"` escaped, the only escapes CroQL has. */
export function escapeString(value: string): string {
  return value.replace(/[\\"]/g, '\\$&');
}

/** A string literal: `"…"`, so a value holding `"` or `\` can never leave it. */
export function stringLiteral(value: string): string {
  return `"${escapeString(value)}"`;
}

export type MentionKind = Mention['mentionKind'];

/** A mention: `@user:"name"`, `@language:"code"`. */
export function mentionLiteral(kind: MentionKind, value: string): string {
  return `@${kind}:${stringLiteral(value)}`;
}

/** A datetime literal: `'…'`. Datetime literals have no escapes; check a typed value with `datetimeBody`. */
export function datetimeLiteral(body: string): string {
  return `'${body}'`;
}

/**
 * A typed datetime as the body of a datetime literal, or null when it names no real day and time. Reads
 * the forms CroQL reads (`today`, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, all UTC) and what a browser's
 * datetime-local control gives (`YYYY-MM-DDTHH:MM`).
 */
export function datetimeBody(value: string): string | null {
  if (value.trim().toLowerCase() === 'today') return 'today';
  const v = value.trim().replace('T', ' ');
  const withSeconds = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(v) ? `${v}:00` : v;
  return isValidDatetime(withSeconds) ? withSeconds : null;
}
