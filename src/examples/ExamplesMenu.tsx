// "Examples": the documented patterns of every listing, filled with the project's values; the chips in
// the empty editor show a few of the current listing's.
import { lazy, Suspense, useRef, useState } from 'react';
import type { ListingName, LiveValues } from '../croql/types.ts';
import type { Example } from './examples.ts';

// The menu's content (every listing's examples) loads when it first opens.
const ExamplesList = lazy(() => import('./ExamplesList.tsx'));

export function ExamplesMenu(props: {
  listing: ListingName;
  values: LiveValues;
  onPick: (example: Example) => void;
}) {
  const { listing, values, onPick } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <span className="popover-anchor">
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Examples
      </button>
      {open && (
        <Suspense fallback={null}>
          <ExamplesList
            listing={listing}
            values={values}
            anchor={button}
            onClose={() => setOpen(false)}
            onPick={(e) => {
              setOpen(false);
              onPick(e);
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
