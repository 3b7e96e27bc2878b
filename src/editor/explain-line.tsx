import { useDeferredValue, useMemo } from 'react';
import {
  analyze,
  explainModel,
  sentQuery,
  type AnalyzeOptions,
  type Edition,
  type ListingName,
  type LiveValues,
  type TemplateParam,
} from '../croql/index.ts';
import { analyzeOptions } from './analyze-options.ts';
import { problemsSummary } from './lint.ts';

const withFullStop = (message: string) => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * What the line under the editor says for `text`: its meaning in plain English, or, while it has errors,
 * how many problems there are and the first error's message. One analysis with lint's options (members,
 * languages, edition), so the line never reads as valid what lint underlines.
 */
export function explainLineText(
  template: string,
  listing: ListingName,
  options: AnalyzeOptions = {},
  params: readonly TemplateParam[] = [],
): string {
  if (template.trim() === '') return 'An empty query lists everything.';
  // A template is explained as Run sends it, values in place; while one is missing, the line says which.
  const { text, problem } = sentQuery(template, params);
  if (problem) return `Parameter ${problem.name}: ${problem.message}`;
  try {
    const model = analyze(text, listing, options);
    const errors = model.diagnostics.filter((d) => d.severity === 'error').sort((a, b) => a.from - b.from);
    const first = errors[0];
    if (first) return `${problemsSummary(model.diagnostics.length)}. ${withFullStop(first.message)}`;
    return explainModel(text, model);
  } catch (error) {
    // A bug in the core: say so rather than show a reading or nothing.
    console.error('CroQL explain failed', error);
    return `Internal error: the query could not be explained (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** The query in plain English under the editor, recomputed after typing settles (deferred). */
export function ExplainLine(props: {
  id: string;
  text: string;
  context: ListingName;
  edition: Edition;
  values: LiveValues;
  params?: readonly TemplateParam[];
}) {
  const text = useDeferredValue(props.text);
  const { edition, values, context, params } = props;
  const options = useMemo(() => analyzeOptions({ edition, values }), [edition, values]);
  const sentence = useMemo(
    () => explainLineText(text, context, options, params),
    [text, context, options, params],
  );
  return (
    <p id={props.id} className="croql-explain">
      {sentence}
    </p>
  );
}
