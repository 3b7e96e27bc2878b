import { useDeferredValue, useMemo } from 'react';
import { explain, type ContextName } from '../croql/index.ts';

/** The query in plain English under the editor, recomputed after typing settles (deferred). */
export function ExplainLine(props: { id: string; text: string; context: ContextName }) {
  const text = useDeferredValue(props.text);
  const sentence = useMemo(() => {
    if (text.trim() === '') return 'An empty query lists everything.';
    try {
      return explain(text, props.context);
    } catch {
      return '';
    }
  }, [text, props.context]);
  return (
    <p id={props.id} className="croql-explain">
      {sentence}
    </p>
  );
}
