// How a manifest problem reads, for every place that shows one: the emulator's refusal, `npm run emulator
// -- apps validate|install` and the Apps view. A problem's message says what is wrong *at* its place and
// does not repeat it (ui-walk D17: the pointer, then the same path dotted); the place is shown once, as a
// dotted path. Registering an OAuth app is worded per place: a command in a terminal, the form in the view.
import type { ManifestProblem } from './apps.ts';

/** A JSON pointer as a reader says it: `modules.webhook[0].url`; `""` is the manifest. */
export function problemPlace(pointer: string): string {
  if (!pointer) return 'the manifest';
  return pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/**
 * How the message follows its place: a message that goes on from it (`must be …`, lowercase) follows with
 * a space, a sentence of its own after a colon.
 */
export function placeJoin(message: string): ' ' | ': ' {
  return /^[a-z]/.test(message) ? ' ' : ': ';
}

/** The problem in one line: its place, then what is wrong there. */
export function problemLine(p: Pick<ManifestProblem, 'pointer' | 'message'>): string {
  return `${problemPlace(p.pointer)}${placeJoin(p.message)}${p.message}`;
}

/** Where a problem is read: a terminal (or any HTTP client), or the Apps view beside its Register form. */
export type ProblemReader = 'terminal' | 'view';

/** How to get the OAuth app a manifest's `authentication.clientId` names. */
export function registerClientHow(reader: ProblemReader, name = 'NAME', scopes = 'project'): string {
  return reader === 'view'
    ? `Register one under "OAuth apps" on this page (name ${JSON.stringify(name)}, scopes "${scopes}") and put its clientId in the manifest.`
    : `Register one and put its clientId in the manifest: \`npm run emulator -- apps client --name ${JSON.stringify(name)} --scopes "${scopes}"\`.`;
}
