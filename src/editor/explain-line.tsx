import { useDeferredValue, useMemo } from 'react';
import { analyze, explain, type ContextName } from '../croql/index.ts';
import { problemsSummary } from './lint.ts';

const withFullStop = (message: string) => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * What the line under the editor says for `text`: its meaning in plain English, or, while it has errors,
 * how many problems there are and the first error's message.
 */
export function explainLineText(text: string, context: ContextName): string {
  if (text.trim() === '') return 'An empty query lists everything.';
  try {
    const { diagnostics } = analyze(text, context);
    const errors = diagnostics.filter((d) => d.severity === 'error').sort((a, b) => a.from - b.from);
    const first = errors[0];
    if (first) return `${problemsSummary(diagnostics.length)}. ${withFullStop(first.message)}`;
    return explain(text, context);
  } catch {
    return '';
  }
}

/** The query in plain English under the editor, recomputed after typing settles (deferred). */
export function ExplainLine(props: { id: string; text: string; context: ContextName }) {
  const text = useDeferredValue(props.text);
  const sentence = useMemo(() => explainLineText(text, props.context), [text, props.context]);
  return (
    <p id={props.id} className="croql-explain">
      {sentence}
    </p>
  );
}
