// Analysis of a template (completion: template-complete.ts): substitute, analyze with the usual call shape,
// map the ranges back. A text without placeholders is analysed untouched (and keeps its tree reuse).
import { analyze } from './check.ts';
import { findPlaceholders, mapToTemplate, substitute, type TemplateParam } from './template.ts';
import type { AnalyzeOptions, AnalyzeResult, ListingName, Diagnostic } from './types.ts';

/**
 * Diagnostics of a template (relative datetimes as they stand at `now`), at their places in the template's text: the core's (those about a stand-in
 * value dropped), and one per placeholder whose value is missing or wrong, at the placeholder.
 * The returned AST is the substituted query's (its ranges are not mapped), or the core's for a plain text.
 */
export function analyzeTemplate(
  text: string,
  context: ListingName,
  options: AnalyzeOptions,
  params: readonly TemplateParam[],
  now: Date,
): AnalyzeResult {
  if (findPlaceholders(text).length === 0) return analyze(text, context, options);
  const sub = substitute(text, params, now);
  const { tree: _tree, ...rest } = options;
  const result = analyze(sub.text, context, rest);
  const standIns = sub.replacements.filter((r) => r.standIn);
  const diagnostics: Diagnostic[] = [];
  for (const d of result.diagnostics) {
    if (standIns.some((r) => d.from >= r.outFrom && d.to <= r.outTo)) continue;
    diagnostics.push({
      ...d,
      from: mapToTemplate(sub.replacements, d.from, -1),
      to: mapToTemplate(sub.replacements, d.to, 1),
      // A quick fix is written for the substituted text; only one clear of every placeholder maps exactly.
      suggestions: d.suggestions
        ?.filter((s) => !sub.replacements.some((r) => s.to > r.outFrom && s.from < r.outTo))
        .map((s) => ({
          ...s,
          from: mapToTemplate(sub.replacements, s.from, -1),
          to: mapToTemplate(sub.replacements, s.to, 1),
        })),
    });
  }
  const problems = new Map(sub.problems.map((p) => [p.name, p.message]));
  for (const r of sub.replacements) {
    const message = problems.get(r.name);
    if (!message) continue;
    diagnostics.push({
      code: 'croqlInvalidLogic',
      reason: 'templateParameter',
      message: `Parameter ${r.name}: ${message}`,
      severity: 'error',
      from: r.from,
      to: r.to,
    });
  }
  diagnostics.sort((a, b) => a.from - b.from);
  // The model (ranges in the substituted text) stays; a parameter problem makes it invalid.
  return { ...result, diagnostics, valid: result.valid && !diagnostics.some((d) => d.severity === 'error') };
}

/** `{{` and the start of a name before `pos`: where a parameter completion applies. */
export function placeholderPrefixAt(text: string, pos: number): { from: number; typed: string } | null {
  const m = /\{\{\s*([A-Za-z0-9_]*)$/.exec(text.slice(Math.max(0, pos - 60), pos));
  if (!m) return null;
  return { from: pos - m[0].length, typed: m[1]! };
}
