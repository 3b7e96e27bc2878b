// Which of the emulator's problems of no app still matter: a refused install is superseded once an app
// installs after it (ui-walk D19); those stay a click away, never dropped.
import type { AppProblem } from '../wire/apps.ts';

/** Problems shown at first; the older ones are a click away, never dropped. */
export const PROBLEMS_SHOWN = 3;

/** The problems newer than the last install (current), and those before it (earlier). Newest first, kept. */
export function splitProblems(
  problems: readonly AppProblem[],
  installedAt: readonly string[],
): { current: AppProblem[]; earlier: AppProblem[] } {
  const last = installedAt.reduce((a, b) => (a > b ? a : b), '');
  const current: AppProblem[] = [];
  const earlier: AppProblem[] = [];
  for (const p of problems) (p.at > last ? current : earlier).push(p);
  return { current, earlier };
}
