// The examples menu's content: the patterns of every listing (the current one first), filled with the
// project's values; TM and glossary examples name the TM or glossary they run on. Lazy-loaded.
import { useQuery } from '@tanstack/react-query';
import { useId, type RefObject } from 'react';
import { useApiClient } from '../connection/api.ts';
import { glossariesQuery, tmsQuery } from '../connection/queries.ts';
import type { ListingName, LiveValues } from '../croql/types.ts';
import { Popover } from '../ui/Popover.tsx';
import { LISTING_NAMES, LISTINGS } from '../wire/listings.ts';
import { examplesFor, type Example } from './examples.ts';

export default function ExamplesList(props: {
  listing: ListingName;
  values: LiveValues;
  anchor: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onPick: (example: Example) => void;
}) {
  const { listing, values, anchor, onClose, onPick } = props;
  const client = useApiClient();
  const tms = useQuery(tmsQuery(client));
  const glossaries = useQuery(glossariesQuery(client));
  const headingId = useId();
  const order = [listing, ...LISTING_NAMES.filter((l) => l !== listing)];
  const where = (l: ListingName) =>
    l === 'tmSegments' && tms.data?.[0]
      ? ` in “${tms.data[0].name}”`
      : l === 'glossaryTerms' && glossaries.data?.[0]
        ? ` in “${glossaries.data[0].name}”`
        : '';
  return (
    <Popover
      label="Example queries"
      anchor={anchor}
      onClose={onClose}
      className="examples-popover"
      testId="examples-menu"
    >
      <p className="hint">
        The documented query patterns
        {client ? ', filled with your project’s members, languages and files' : ''}. Picking one replaces the
        query.
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
                  <button type="button" className="example-item" onClick={() => onPick(e)}>
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
  );
}
