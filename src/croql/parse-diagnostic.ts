// The syntax diagnostics' common form, shared by the input guards, the Lezer driver and the AST builder.
import type { Diagnostic } from './types.ts';

/** At most this many syntax diagnostics are reported for one query. */
export const MAX_SYNTAX_DIAGNOSTICS = 20;

export function syntax(reason: string, message: string, from: number, to: number): Diagnostic {
  return { code: 'croqlInvalidSyntax', reason, message, severity: 'error', from, to };
}

/** A piece of the query as quoted in a message: one line, at most 40 characters. */
export function clip(s: string): string {
  const oneLine = s.replace(/\s+/g, ' ');
  return oneLine.length > 40 ? oneLine.slice(0, 37) + '…' : oneLine;
}

/** Sorted, adjacent duplicates of one reason merged, capped. */
export function tidy(diagnostics: Diagnostic[]): Diagnostic[] {
  diagnostics.sort((a, b) => a.from - b.from || a.to - b.to);
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const last = out[out.length - 1];
    if (last && last.reason === d.reason && d.from <= last.to && d.reason === 'unexpectedToken') {
      last.to = Math.max(last.to, d.to);
      continue;
    }
    if (last && last.from === d.from && last.to === d.to && last.reason === d.reason) continue;
    out.push(d);
    if (out.length >= MAX_SYNTAX_DIAGNOSTICS) break;
  }
  return out;
}
