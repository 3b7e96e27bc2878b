import type { ReactNode } from 'react';

/** A running fetch: an indeterminate bar, what has loaded so far, and Cancel. */
export function ProgressLine(props: { label: string; children: ReactNode; onCancel: () => void }) {
  return (
    <p className="results-progress" role="status">
      <progress aria-label={props.label} />
      <span>{props.children}</span>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </p>
  );
}
