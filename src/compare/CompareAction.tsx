// "Compare" beside a saved query or history entry: the current query (A) against it (B), in a dialog
// loaded when first opened.
import { lazy, Suspense, useState } from 'react';
import type { LibraryEntryProps } from '../slots/library.ts';

const CompareDialog = lazy(() => import('./CompareDialog.tsx'));

export default function CompareAction({ setup, label, what }: LibraryEntryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button-ghost"
        aria-label={`Compare the current query with ${what}`}
        onClick={() => setOpen(true)}
      >
        Compare
      </button>
      {open && (
        <Suspense fallback={null}>
          <CompareDialog other={setup} otherLabel={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
