// Completion over a template: substitute, complete with the usual call shape, map the range back. Its own
// module, beside complete.ts, so the editor can load completion (and its tables) after the first screen.
import { complete, type CompleteOptions } from './complete.ts';
import {
  findPlaceholders,
  mapToSubstituted,
  mapToTemplate,
  substitute,
  type TemplateParam,
} from './template.ts';
import type { CompletionResult, ListingName, LiveValues } from './types.ts';

const ANY_MOMENT = new Date(0);

/** Completion at `pos` of a template (placeholders before it count as values of their type). */
export function completeTemplate(
  text: string,
  pos: number,
  context: ListingName,
  values: LiveValues,
  params: readonly TemplateParam[],
  options: CompleteOptions = {},
): CompletionResult | null {
  const placeholders = findPlaceholders(text);
  if (placeholders.length === 0) return complete(text, pos, context, values, options);
  if (placeholders.some((p) => pos > p.from && pos < p.to)) return null;
  // Completion reads the values' places, never their dates: any moment resolves relative ones alike.
  const sub = substitute(text, params, ANY_MOMENT);
  const result = complete(sub.text, mapToSubstituted(sub.replacements, pos), context, values, options);
  if (!result) return null;
  return {
    ...result,
    from: mapToTemplate(sub.replacements, result.from, -1),
    to: mapToTemplate(sub.replacements, result.to, 1),
  };
}
