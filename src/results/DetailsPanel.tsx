// The details of one row, beside the table: its fields laid out for reading (nested lists kept), the raw
// JSON, a link to the resource in the service, and the previous / next row. Lazy-loaded.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ListingName } from '../croql/types.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import type { DisplayNames, Row } from '../rows/rows.ts';
import { rowTitle } from '../rows/identity.ts';
import { CellText } from '../rows/CellText.tsx';
import { rowFields, webUrlOf, type FieldView, type FormView, type ValueView } from './details.ts';

type DetailsTab = 'fields' | 'json';
const TABS = [
  { id: 'fields', label: 'Fields' },
  { id: 'json', label: 'Raw JSON' },
] as const;

export default function DetailsPanel(props: {
  row: Row;
  context: ListingName;
  /** 1-based position in the table's order, and how many rows there are. */
  position: number;
  count: number;
  names?: DisplayNames;
  /** A translations run's target language: a translation opens its string in the editor in it. */
  languageId?: string | null;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}) {
  const { row, context, position, count, names, languageId, onPrevious, onNext, onClose } = props;
  const [tab, setTab] = useState<DetailsTab>('fields');
  const titleId = useId();
  const fields = useMemo(() => rowFields(row, context, names), [row, context, names]);
  const json = useMemo(() => JSON.stringify(row, null, 2), [row]);
  const webUrl = webUrlOf(row, names, languageId);
  const panelRef = useRef<HTMLElement>(null);
  // Opened from the table, the panel is announced by its heading; focus stays where the user is working.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <aside
      ref={panelRef}
      className="side-panel details-panel"
      aria-labelledby={titleId}
      data-testid="details-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {/* Two rows: the title with × at its end (a long title wraps, never the × alone: ui-walk D30), then
          the position and the row buttons. */}
      <header className="panel-header details-header">
        <div className="details-title-row">
          <h2 id={titleId}>{rowTitle(row, context)}</h2>
          <CloseButton label="Close details (Escape)" onClick={onClose} />
        </div>
        <div className="details-nav-row">
          <span className="results-muted" aria-live="polite">
            {position.toLocaleString('en-US')} of {count.toLocaleString('en-US')}
          </span>
          <span className="spacer" />
          <button type="button" onClick={onPrevious} disabled={position <= 1} aria-label="Previous row">
            ↑ Previous
          </button>
          <button type="button" onClick={onNext} disabled={position >= count} aria-label="Next row">
            ↓ Next
          </button>
        </div>
      </header>
      {webUrl && (
        <p className="panel-body">
          <a href={webUrl} target="_blank" rel="noopener noreferrer" data-testid="details-web-url">
            Open in Crowdin ↗
          </a>
        </p>
      )}
      <Tabs
        label="Details view"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        panelClassName="panel-body details-body"
      >
        {tab === 'fields' ? (
          <FieldList fields={fields} />
        ) : (
          <pre
            className="results-json"
            tabIndex={0}
            aria-label="Raw JSON of the row"
            data-testid="details-json"
          >
            {json}
          </pre>
        )}
      </Tabs>
    </aside>
  );
}

function FieldList({ fields }: { fields: readonly FieldView[] }) {
  return (
    <dl className="details-fields">
      {fields.map((f) => (
        <div key={f.key} className="details-field">
          <dt title={f.key}>{f.label}</dt>
          <dd>
            <Value value={f.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value }: { value: ValueView }) {
  switch (value.kind) {
    case 'empty':
      return <span className="results-muted">—</span>;
    case 'text':
      return <span title={value.title}>{value.text}</span>;
    case 'link':
      return (
        <a href={value.href} target="_blank" rel="noopener noreferrer">
          {value.text}
        </a>
      );
    case 'cell':
      return <CellText cell={value.cell} />;
    case 'list':
      return (
        <ul className="details-list">
          {value.items.map((item, i) => (
            <li key={i}>
              <Value value={item} />
            </li>
          ))}
        </ul>
      );
    case 'object':
      return <FieldList fields={value.fields} />;
    case 'forms':
      return <PluralForms forms={value.forms} />;
  }
}

/** A plural translation: form → its text, beside the source's same form, and who made it. */
function PluralForms({ forms }: { forms: readonly FormView[] }) {
  const withSource = forms.some((f) => f.source !== null);
  return (
    <table className="details-forms" data-testid="details-forms">
      <thead>
        <tr>
          <th scope="col">Form</th>
          {withSource && <th scope="col">Source</th>}
          <th scope="col">Translation</th>
        </tr>
      </thead>
      <tbody>
        {forms.map((f) => (
          <tr key={f.form}>
            <th scope="row">{f.form}</th>
            {withSource && <td>{f.source ?? <span className="results-muted">—</span>}</td>}
            <td>
              {f.text}
              {f.note && <div className="results-muted details-form-note">{f.note}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
