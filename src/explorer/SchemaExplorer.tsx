// The schema explorer (a side panel, like GraphiQL's docs explorer): the fields of the current listing with
// their type, description, examples and values; nested types to step into; a search over all of them; a
// click or Enter inserts a field at the editor's cursor. Its second tab is the language reference.
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { CONTEXT_LABELS, rootType, type ListingName, type Edition, type FieldDef } from '../croql/index.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { CodeText } from '../ui/CodeText.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import {
  describeFieldType,
  fieldAtCursor,
  fieldsOfType,
  insertionFor,
  nestedType,
  pathTo,
  searchFields,
  typeLabel,
  type Step,
} from './schema-tree.ts';
import './explorer.css';

const Reference = lazy(() => import('./Reference.tsx'));

const TABS = [
  { id: 'fields', label: 'Fields' },
  { id: 'reference', label: 'Language reference' },
] as const;
type ExplorerTab = (typeof TABS)[number]['id'];

export interface ExplorerProps {
  context: ListingName;
  edition: Edition;
  /** The query as typed, and the editor's cursor when the panel opened: the field there is shown and focused
   * first, and marked while the text keeps a field there. */
  text: string;
  cursor: number | null;
  /** Inserts text at the editor's cursor. */
  onInsert: (text: string) => void;
  onClose: () => void;
}

export default function SchemaExplorer(props: ExplorerProps) {
  const { context, edition, onInsert, onClose } = props;
  // The field at the cursor follows the text as it is typed; the panel opens on the one there at first.
  const atCursor = useMemo(
    () => (props.cursor === null ? null : fieldAtCursor(props.text, props.cursor, context)),
    [props.text, props.cursor, context],
  );
  const [initial] = useState(atCursor);
  const [tab, setTab] = useState<ExplorerTab>('fields');
  const [path, setPath] = useState<Step[]>(() => (initial ? (pathTo(context, initial.typeName) ?? []) : []));
  const [seenContext, setSeenContext] = useState(context);
  if (seenContext !== context) {
    setSeenContext(context);
    setPath([]);
  }
  const [search, setSearch] = useState('');
  const ids = { title: useId(), search: useId() };
  const titleRef = useRef<HTMLHeadingElement>(null);
  const typeName = path.at(-1)?.typeName ?? rootType(context);
  const fields = useMemo(() => fieldsOfType(typeName, edition), [typeName, edition]);
  const hits = useMemo(() => searchFields(context, search, edition), [context, search, edition]);
  const focusField = atCursor && atCursor.typeName === typeName ? atCursor.field.name : null;

  // Opening moves focus into the panel: onto the field under the cursor, else the heading.
  useEffect(() => {
    const target = focusField
      ? document.querySelector<HTMLElement>(`[data-field-button="${CSS.escape(focusField)}"]`)
      : null;
    (target ?? titleRef.current)?.focus();
    target?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the panel opens
  }, []);

  return (
    <aside
      className="side-column explorer-panel"
      aria-labelledby={ids.title}
      data-testid="schema-explorer"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !(e.target instanceof HTMLInputElement && search)) onClose();
      }}
    >
      <header className="panel-header">
        <h2 id={ids.title} ref={titleRef} tabIndex={-1}>
          Schema: {CONTEXT_LABELS[context]}s
        </h2>
        <CloseButton label="Close the schema explorer" onClick={onClose} />
      </header>
      <Tabs label="Explorer" tabs={TABS} selected={tab} onSelect={setTab} panelClassName="explorer-body">
        {tab === 'reference' ? (
          <Suspense fallback={<p className="hint">Loading the reference…</p>}>
            <Reference />
          </Suspense>
        ) : (
          <>
            <label htmlFor={ids.search} className="visually-hidden">
              Search fields
            </label>
            <input
              id={ids.search}
              type="search"
              className="explorer-search"
              placeholder="Search fields, descriptions, values…"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && search) {
                  e.stopPropagation();
                  setSearch('');
                }
              }}
            />
            {search.trim() ? (
              <SearchResults
                hits={hits}
                onInsert={onInsert}
                onOpen={(steps) => {
                  setPath(steps);
                  setSearch('');
                }}
              />
            ) : (
              <>
                <nav aria-label="Type path" className="explorer-crumbs">
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setPath([])}
                    disabled={!path.length}
                  >
                    {typeLabel(rootType(context))}
                  </button>
                  {path.map((step, i) => (
                    <span key={i}>
                      {' › '}
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setPath(path.slice(0, i + 1))}
                        disabled={i === path.length - 1}
                        aria-current={i === path.length - 1 ? 'location' : undefined}
                      >
                        {step.field.name}
                      </button>
                    </span>
                  ))}
                </nav>
                <p className="hint">
                  Fields of {article(typeLabel(typeName))}. Click a name or press Enter on it to insert it at
                  the cursor.
                </p>
                <ul className="explorer-fields" aria-label={`Fields of ${typeLabel(typeName)}`}>
                  {fields.map((field) => (
                    <FieldEntry
                      key={field.name}
                      field={field}
                      current={field.name === focusField}
                      onInsert={() => onInsert(insertionFor(field, path))}
                      onOpen={
                        nestedType(field)
                          ? () => setPath([...path, { field, typeName: nestedType(field)! }])
                          : undefined
                      }
                      onInsertExample={onInsert}
                    />
                  ))}
                  {fields.length === 0 && <li className="hint">No fields: only `count of` applies.</li>}
                </ul>
              </>
            )}
          </>
        )}
      </Tabs>
    </aside>
  );
}

function SearchResults(props: {
  hits: ReturnType<typeof searchFields>;
  onInsert: (text: string) => void;
  onOpen: (path: Step[]) => void;
}) {
  if (props.hits.length === 0) return <p className="hint">No field matches.</p>;
  return (
    <ul className="explorer-fields" aria-label="Matching fields">
      {props.hits.map((hit) => (
        <FieldEntry
          key={`${hit.typeName}.${hit.field.name}`}
          field={hit.field}
          where={hit.path.map((s) => s.field.name).join(' › ') || undefined}
          onInsert={() => props.onInsert(insertionFor(hit.field, hit.path))}
          onOpen={() => props.onOpen(hit.path)}
          openLabel={`Show the fields of ${typeLabel(hit.typeName)}`}
          onInsertExample={props.onInsert}
        />
      ))}
    </ul>
  );
}

function FieldEntry(props: {
  field: FieldDef;
  current?: boolean;
  where?: string;
  onInsert: () => void;
  onOpen?: () => void;
  openLabel?: string;
  onInsertExample: (text: string) => void;
}) {
  const { field } = props;
  const inner = nestedType(field);
  return (
    <li
      className={`explorer-field${props.current ? ' current' : ''}`}
      aria-current={props.current ? 'true' : undefined}
      data-testid="explorer-field"
    >
      <div className="explorer-field-head">
        <button
          type="button"
          className="explorer-name"
          data-field-button={field.name}
          aria-label={`Insert ${field.name}`}
          onClick={props.onInsert}
        >
          {field.name}
        </button>
        <span className="explorer-type">
          {props.onOpen ? (
            <button
              type="button"
              className="link-button"
              onClick={props.onOpen}
              aria-label={props.openLabel ?? `Open ${describeFieldType(field.type)}`}
            >
              {inner && !props.openLabel
                ? describeFieldType(field.type)
                : `in ${props.where ?? 'the listing'}`}
            </button>
          ) : (
            describeFieldType(field.type)
          )}
        </span>
        {field.enterpriseOnly && <span className="badge">enterprise</span>}
      </div>
      <p className="explorer-description">
        <CodeText text={field.description} />
        {field.key !== field.name && (
          <>
            {' '}
            Key <code>{field.key}</code>.
          </>
        )}
      </p>
      {field.enumValues && (
        <p className="explorer-values">
          Values:{' '}
          {field.enumValues.map((v, i) => (
            <span key={v}>
              {i > 0 && ', '}
              <code>{v}</code>
            </span>
          ))}
        </p>
      )}
      {field.examples.length > 0 && (
        <p className="explorer-examples">
          Example:{' '}
          <button
            type="button"
            className="code-chip"
            aria-label={`Insert the example ${field.examples[0]}`}
            onClick={() => props.onInsertExample(field.examples[0]!)}
          >
            {field.examples[0]}
          </button>
        </p>
      )}
    </li>
  );
}

function article(s: string): string {
  return (/^[aeiou]/i.test(s) ? 'an ' : 'a ') + s;
}
