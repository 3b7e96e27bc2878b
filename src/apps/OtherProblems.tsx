// Refused installs and problems of no app, newest first: those since the last install, the newest few of
// them at first; the rest (and those an install has since superseded) on demand.
import { useState } from 'react';
import type { AppProblem } from '../wire/apps.ts';
import { AppProblems } from './parts.tsx';
import { PROBLEMS_SHOWN, splitProblems } from './problems.ts';

export function OtherProblems(props: {
  problems: readonly AppProblem[];
  installedAt: readonly string[];
  onShowDelivery: (id: number) => void;
}) {
  const [all, setAll] = useState(false);
  const { current, earlier } = splitProblems(props.problems, props.installedAt);
  const listed = all ? props.problems : current.slice(0, PROBLEMS_SHOWN);
  const more = props.problems.length - listed.length;
  if (props.problems.length === 0) return null;
  return (
    <section className="apps-card" aria-label="Other problems" data-testid="other-problems">
      <h3>Refused installs and other problems ({current.length})</h3>
      {current.length === 0 && !all && (
        <p className="hint">None since the last install ({earlier.length} before it).</p>
      )}
      <AppProblems problems={listed} onShowDelivery={props.onShowDelivery} />
      {props.problems.length > Math.min(current.length, PROBLEMS_SHOWN) && (
        <button type="button" className="link-button" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show ${more} more`}
        </button>
      )}
    </section>
  );
}
