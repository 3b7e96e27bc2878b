import { useDeferredValue, useMemo, useState } from 'react';
import {
  explainModel,
  sentQuery,
  type Edition,
  type ListingName,
  type LiveValues,
  type TemplateParam,
} from '../croql/index.ts';
import { CodeText } from '../ui/CodeText.tsx';
import { analyzeOptions } from './analyze-options.ts';
import { checkedModel, type CheckOptions } from '../croql/checked-model.ts';
import { problemsSummary } from './lint.ts';

/** Per placeholder name, the words the reading uses for its value instead of the value itself. */
export type ParamWords = Readonly<Record<string, string>>;

const withFullStop = (message: string) => (/[.?!]$/.test(message) ? message : `${message}.`);

/**
 * What the line under the editor says for `text`: its meaning in plain English, or, while it has errors,
 * how many problems there are and the first error's message. It reads lint's own checked model (same
 * text, listing, options and values: src/croql/checked-model.ts), so it never reads as valid what lint underlines
 * and does not analyse the text a second time.
 */
export function explainLineText(
  template: string,
  listing: ListingName,
  options: CheckOptions = {},
  params: readonly TemplateParam[] = [],
  now = new Date(),
  paramWords: ParamWords = {},
): string {
  if (template.trim() === '') return 'An empty query lists everything.';
  // A template is explained as Run would send it now, values in place; while one is missing, the line says
  // which. A relative datetime reads as written, with the datetime it stands for now.
  const { text, problem, replacements } = sentQuery(template, params, now);
  if (problem) return `Parameter ${problem.name}: ${problem.message}`;
  try {
    // The template's model: its diagnostics are placed in the template, its AST is of `text` as sent.
    const model = checkedModel(template, listing, options, params, now);
    const errors = model.diagnostics.filter((d) => d.severity === 'error').sort((a, b) => a.from - b.from);
    const first = errors[0];
    if (first) return `${problemsSummary(model.diagnostics.length)}. ${withFullStop(first.message)}`;
    const valueWords = new Map(
      replacements.flatMap((r) => {
        const words = paramWords[r.name] ?? r.relative;
        return words ? [[r.outFrom, words] as const] : [];
      }),
    );
    return explainModel(text, model, { valueWords });
  } catch (error) {
    // A bug in the core: say so rather than show a reading or nothing.
    console.error('CroQL explain failed', error);
    return `Internal error: the query could not be explained (${error instanceof Error ? error.message : String(error)}).`;
  }
}

/** Past this many characters the line shows its start and a button for the rest. */
export const EXPLAIN_SHOWN = 280;

/** The line cut at a word before `EXPLAIN_SHOWN` characters, or null when it is short enough. */
export function clampedLine(sentence: string): string | null {
  if (sentence.length <= EXPLAIN_SHOWN) return null;
  const cut = sentence.lastIndexOf(' ', EXPLAIN_SHOWN);
  let start = sentence.slice(0, cut > EXPLAIN_SHOWN / 2 ? cut : EXPLAIN_SHOWN).replace(/[,;:]$/, '');
  // Never end inside a code span: its backtick would show.
  if ((start.match(/`/g)?.length ?? 0) % 2 === 1) start = start.slice(0, start.lastIndexOf('`')).trimEnd();
  return `${start}…`;
}

/**
 * The query in plain English under the editor, recomputed after typing settles (deferred). Code spans
 * show as code. A long reading shows its start and "Show all", so the line never pushes what follows it
 * off the screen.
 */
export function ExplainLine(props: {
  id: string;
  text: string;
  context: ListingName;
  edition: Edition;
  values: LiveValues;
  params?: readonly TemplateParam[];
  /** Said for an empty text instead of "An empty query lists everything." */
  emptyHint?: string;
  paramWords?: ParamWords;
}) {
  const text = useDeferredValue(props.text);
  const { edition, values, context, params, emptyHint, paramWords } = props;
  const options = useMemo(() => analyzeOptions({ edition, values }), [edition, values]);
  const sentence = useMemo(
    () =>
      emptyHint !== undefined && text.trim() === ''
        ? emptyHint
        : explainLineText(text, context, options, params, undefined, paramWords),
    [text, context, options, params, emptyHint, paramWords],
  );
  const [expanded, setExpanded] = useState<string | null>(null);
  const start = clampedLine(sentence);
  const open = start !== null && expanded === sentence;
  const clamped = open ? null : start;
  return (
    <p
      id={props.id}
      className={`croql-explain${open ? ' is-expanded' : ''}`}
      data-testid="explain-line"
      // Expanded, a long reading scrolls in its box: the box takes focus so the keyboard can scroll it.
      tabIndex={open ? 0 : undefined}
    >
      <CodeText text={clamped ?? sentence} />
      {clamped !== null && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setExpanded(sentence)}>
            Show all ({sentence.length.toLocaleString('en-US')} characters)
          </button>
        </>
      )}
      {open && (
        <>
          {' '}
          <button type="button" className="link-button" onClick={() => setExpanded(null)}>
            Show less
          </button>
        </>
      )}
    </p>
  );
}
