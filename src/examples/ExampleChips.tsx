import type { ListingName, LiveValues } from '../croql/types.ts';
import { starterExamples, type Example } from './examples.ts';

/** Under the empty editor: a few examples to click, and where the rest are. */
export default function ExampleChips(props: {
  listing: ListingName;
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
