// "Examples": the documented patterns of every listing, filled with the project's values; the chips in
// the empty editor show a few of the current listing's.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useApiClient } from '../connection/api.ts';
import { glossariesQuery, SIGNED_OUT_CLIENT, tmsQuery } from '../connection/queries.ts';
import type { ContextName, LiveValues } from '../croql/types.ts';
import { Popover } from '../ui/Popover.tsx';
import { LISTING_NAMES, LISTINGS } from '../wire/listings.ts';
import { examplesFor, starterExamples, type Example } from './examples.ts';

export function ExamplesMenu(props: {
  listing: ContextName;
  values: LiveValues;
  onPick: (example: Example) => void;
}) {
  const { listing, values, onPick } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const client = useApiClient();
  const api = client ?? SIGNED_OUT_CLIENT;
  const tms = useQuery({ ...tmsQuery(api), enabled: open && client !== null });
  const glossaries = useQuery({ ...glossariesQuery(api), enabled: open && client !== null });
  const headingId = useId();
  const order = [listing, ...LISTING_NAMES.filter((l) => l !== listing)];
  const where = (l: ContextName) =>
    l === 'tmSegments' && tms.data?.[0]
      ? ` in “${tms.data[0].name}”`
      : l === 'glossaryTerms' && glossaries.data?.[0]
        ? ` in “${glossaries.data[0].name}”`
        : '';
  return (
    <span className="popover-anchor">
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Examples
      </button>
      {open && (
        <Popover
          label="Example queries"
          anchor={button}
          onClose={() => setOpen(false)}
          className="examples-popover"
          testId="examples-menu"
        >
          <p className="hint">
            The documented query patterns
            {client ? ', filled with your project’s members, languages and files' : ''}. Picking one replaces
            the query.
          </p>
          {order.map((l) => {
            const examples = examplesFor(l, values);
            if (examples.length === 0) return null;
            return (
              <section key={l} aria-labelledby={`${headingId}-${l}`}>
                <h2 id={`${headingId}-${l}`} className="examples-heading">
                  {LISTINGS[l].label}
                  {where(l)}
                </h2>
                <ul className="examples-list">
                  {examples.map((e) => (
                    <li key={e.intent}>
                      <button
                        type="button"
                        className="example-item"
                        onClick={() => {
                          setOpen(false);
                          onPick(e);
                        }}
                      >
                        <span className="example-intent">{e.intent}</span>
                        <code>{e.text}</code>
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </Popover>
      )}
    </span>
  );
}

/** Under the empty editor: a few examples to click, and where the rest are. */
export function ExampleChips(props: {
  listing: ContextName;
  values: LiveValues;
  onPick: (e: Example) => void;
}) {
  const examples = starterExamples(props.listing, props.values);
  if (examples.length === 0) return null;
  return (
    <div className="example-chips" role="group" aria-label="Example queries" data-testid="example-chips">
      <span className="hint">Try:</span>
      {examples.map((e) => (
        <button
          key={e.intent}
          type="button"
          className="code-chip"
          title={e.intent}
          onClick={() => props.onPick(e)}
        >
          {e.text}
        </button>
      ))}
      <span className="hint">
        or open <strong>Examples</strong>; <kbd>Ctrl</kbd>+<kbd>Space</kbd> in the empty editor lists every
        pattern.
      </span>
    </div>
  );
}
