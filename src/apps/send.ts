// "Send the strings matching this query to the step": what the form decides before and after sending.
import type { Edition, LiveValues } from '../croql/index.ts';
import { checkedModel } from '../croql/checked-model.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { plural } from './format.ts';

/** An empty query would send every string of the project: the form asks for one instead. */
const EMPTY_REFUSAL = 'Write the query first: the strings it matches are sent.';
export const EMPTY_HINT =
  'Write a query: the strings it matches are sent to the step (an empty one is not sent, it would match every string).';

/** A message without its code marks: what the live region reads (a screen reader reads backticks aloud). */
export function spoken(message: string): string {
  return message.replace(/`([^`]*)`/g, '$1');
}

/**
 * Why the query may not be sent (its first error, as lint shows it), or null when it may. The editor's
 * own question (no template values), so lint's model answers it.
 */
export function sendRefusal(text: string, edition: Edition, values: LiveValues): string | null {
  if (text.trim() === '') return EMPTY_REFUSAL;
  const model = checkedModel(text, 'strings', analyzeOptions({ edition, values }), [], new Date());
  const errors = model.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return null;
  const first = [...errors].sort((a, b) => a.from - b.from)[0]!;
  return `The query has ${plural(errors.length, 'problem')}, so nothing was sent: ${first.message}`;
}

/** When the events go: batches are built when they go (README, "The emulator's choices"). */
export function nextBatch(interval: number | null): string {
  if (interval === 0) return 'Their events go to the app at once.';
  const every =
    interval === null ? '' : interval === 60 ? ' (every minute, as the service)' : ` (every ${interval} s)`;
  return `Their events go to the app with the next batch${every}, or now with "Send queued now".`;
}
