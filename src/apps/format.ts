// How the Apps view words what it shows: times, counts, statuses, outputs, the app's calls. Pure functions,
// so the components only place them (and src/apps/*.test.tsx check them on screen).
import type { AppApiCall, SendResponse, StepStatus } from '../wire/apps.ts';

/** A time of day, to the second: the log is about the last minutes. */
export function clock(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour12: false });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** A size in bytes as people read it: "919 KB". */
export function bytes(n: number): string {
  if (n < 1024) return plural(n, 'byte');
  if (n < 1024 * 1024) return `${Math.round(n / 1024).toLocaleString('en-US')} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export const STATUS_LABELS: Record<StepStatus, string> = {
  NEED_PROCESS: 'Need process',
  TODO: 'To do',
  DONE: 'Done',
  FAILED: 'Failed',
  INCOMPLETE: 'Incomplete',
};

/**
 * A step string's output port as a person reads it: the step type's own title for the port when the view
 * knows it, "Matched"/"Not matched" for a yes/no port, else the port's name.
 */
export function outputLabel(output: string, titles: Readonly<Record<string, string>> = {}): string {
  if (output === '') return 'none';
  if (titles[output]) return titles[output];
  if (output === 'true') return 'Matched';
  if (output === 'false') return 'Not matched';
  return output;
}

/** Language names by id, falling back to the id where the project does not name it. */
export type LanguageNames = (id: string) => string;
export const idsOnly: LanguageNames = (id) => id;

/** "Ukrainian, German and French". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The path of an app's call as the developer reads it: the CroQL (and other query values) decoded, so the
 * rule that went through the API reads as written. The path is otherwise shown as the app sent it.
 */
export function readablePath(path: string): string {
  const at = path.indexOf('?');
  if (at < 0) return path;
  const params = new URLSearchParams(path.slice(at + 1));
  const parts = [...params].map(([name, value]) => `${name}=${value}`);
  return `${path.slice(0, at)}?${parts.join('&')}`;
}

/** The call as a line: "token request" or its method. */
export function callVerb(call: Pick<AppApiCall, 'kind' | 'method'>): string {
  return call.kind === 'token' ? 'token request' : call.method;
}

/**
 * What a send did, strings and string-languages kept apart: "The query matched 214 strings. In Ukrainian
 * and German, that is 428 string-languages: 416 now need processing, 12 are incomplete (hidden strings are
 * not routed to a step)."
 */
export function sendResultText(r: SendResponse, names: LanguageNames = idsOnly): string {
  const pairs = r.needProcess + r.incomplete;
  const languages = listOf(r.languages.map(names));
  const head = `The query matched ${plural(r.strings, 'string')}.`;
  if (r.strings === 0) return `${head} Nothing was put on the step.`;
  const incomplete =
    r.incomplete > 0
      ? `, ${r.incomplete.toLocaleString('en-US')} ${r.incomplete === 1 ? 'is' : 'are'} incomplete (hidden strings are not routed to a step)`
      : '';
  return `${head} In ${languages}, that is ${plural(pairs, 'string-language')}: ${r.needProcess.toLocaleString('en-US')} now need processing${incomplete}.`;
}
