// A row value as a localization engineer reads it (src/rows/cells.ts): one line per plural form or TM
// language with its tag, an ICU message with its arguments, types and keys apart from its text, a local
// datetime with the ISO value on hover, and a mark when the text is longer than its max length.
import { icuTokens } from './icu.ts';
import type { CellLine, CellView } from './cells.ts';
import './rows.css';

function Icu({ text }: { text: string }) {
  return (
    <>
      {icuTokens(text).map((t, i) =>
        t.kind === 'text' ? (
          t.text
        ) : (
          <span key={i} className={`icu-${t.kind}`}>
            {t.text}
          </span>
        ),
      )}
    </>
  );
}

function Line({ line }: { line: CellLine }) {
  return (
    <span className="cell-line">
      {line.tag && <span className="cell-tag">{line.tag}</span>}
      {line.icu ? <Icu text={line.text} /> : line.text}
    </span>
  );
}

/** The words of the over-length mark, for its title and for screen readers. */
export const overLengthWords = (o: { length: number; max: number }) =>
  `${o.length.toLocaleString('en-US')} characters, longer than its max length of ${o.max.toLocaleString('en-US')}`;

export function CellText({ cell }: { cell: CellView }) {
  return (
    <span className="cell-text" title={cell.title}>
      {cell.overLength && (
        <span className="over-length" title={overLengthWords(cell.overLength)} data-testid="over-length">
          <span aria-hidden="true">
            {cell.overLength.length}/{cell.overLength.max}
          </span>
          <span className="visually-hidden">{overLengthWords(cell.overLength)}</span>
        </span>
      )}
      {cell.lines.map((line, i) => (
        <Line key={i} line={line} />
      ))}
    </span>
  );
}
