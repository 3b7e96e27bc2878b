// One group or condition of the builder: its row of controls, its actions and its keyboard shortcuts.
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { analyze } from '../croql/index.ts';
import type { LogicalOp } from '../croql/index.ts';
import {
  COUNT_OPS,
  DATETIME,
  NUMBER,
  OP_LABELS,
  collectionChoices,
  fieldChoices,
  fieldCondition,
  newNode,
  operatorsFor,
  type NewKind,
} from './choices.ts';
import { useBuilder, type BuilderApi } from './context.ts';
import {
  FILTERS,
  defaultParams,
  filterDef,
  filterToCroql,
  type FilterCategory,
  type ParamSpec,
} from './filters.ts';
import {
  elementTypeOf,
  resolvePath,
  type BuilderNode,
  type CollectionNode,
  type CountOp,
  type FieldNode,
  type FieldOp,
  type FilterNode,
  type GroupNode,
  type NodeId,
  type RawNode,
  type ValueLiteral,
} from './model.ts';
import {
  indent,
  insert,
  insertAfter,
  locate,
  move,
  outdent,
  remove,
  setOp,
  toggleNegated,
  update,
} from './ops.ts';

export const DATALIST_USERS = 'croql-builder-users';
export const DATALIST_DATES = 'croql-builder-dates';

type GroupRole = 'root' | 'where' | 'child';

const OPS: { value: LogicalOp; label: string }[] = [
  { value: 'and', label: 'all of (and)' },
  { value: 'or', label: 'any of (or)' },
  { value: 'xor', label: 'odd number of (xor)' },
];
const opLabel = (op: LogicalOp) => OPS.find((o) => o.value === op)!.label;
const ADDED: Record<NewKind, string> = {
  filter: 'an editor filter',
  field: 'a field condition',
  collection: 'a count condition',
  raw: 'a raw CroQL block',
  group: 'a group',
};
const nextOp = (op: LogicalOp): LogicalOp => (op === 'and' ? 'or' : op === 'or' ? 'xor' : 'and');

function defaultKind(api: BuilderApi, scopes: readonly string[]): NewKind {
  return api.context === 'strings' && scopes.length === 1 ? 'filter' : 'field';
}

/** The control keys and shortcuts shared by every row. */
function useRowKeys(node: BuilderNode, scopes: readonly string[], isGroup: boolean) {
  const api = useBuilder();
  return (e: KeyboardEvent) => {
    if (!e.altKey || e.ctrlKey || e.metaKey) return;
    const key = (e.target as HTMLElement).dataset.focus ?? 'first';
    const id = node.id;
    let handled = true;
    switch (e.code) {
      case 'ArrowUp':
        api.commit((r) => move(r, id, -1), { id, key }, 'Moved up');
        break;
      case 'ArrowDown':
        api.commit((r) => move(r, id, 1), { id, key }, 'Moved down');
        break;
      case 'ArrowRight':
        api.commit((r) => indent(r, id), { id, key }, 'Indented into a group');
        break;
      case 'ArrowLeft':
        api.commit((r) => outdent(r, id), { id, key }, 'Moved out of the group');
        break;
      case 'Backspace':
      case 'Delete':
        removeNode(api, id);
        break;
      case 'Enter':
      case 'KeyG': {
        const kind: NewKind = e.code === 'KeyG' ? 'group' : defaultKind(api, scopes);
        addNode(api, isGroup ? { into: id } : { after: id }, kind, [...scopes]);
        break;
      }
      case 'KeyO': {
        const target = isGroup ? (node as GroupNode) : locate(api.root, id)?.parent;
        if (target)
          api.commit(
            (r) => setOp(r, target.id, nextOp(target.op)),
            { id, key },
            `Group operator: ${opLabel(nextOp(target.op))}`,
          );
        break;
      }
      case 'KeyN':
        if (isGroup)
          api.commit(
            (r) => toggleNegated(r, id),
            { id, key },
            (node as GroupNode).negated ? 'Group no longer negated' : 'Group negated',
          );
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
}

function addNode(
  api: BuilderApi,
  where: { into: NodeId } | { after: NodeId },
  kind: NewKind,
  scopes: string[],
) {
  const node = newNode(kind, scopes, api.values, api.edition);
  const focus = { id: node.id, key: kind === 'group' ? 'op' : 'first' };
  const message = `Added ${ADDED[kind]}`;
  if ('into' in where) api.commit((r) => insert(r, where.into, node), focus, message);
  else api.commit((r) => insertAfter(r, where.after, node), focus, message);
}

function removeNode(api: BuilderApi, id: NodeId) {
  const at = locate(api.root, id);
  if (!at) return;
  const siblings = at.parent.children;
  const next = siblings[at.index + 1] ?? siblings[at.index - 1];
  api.commit(
    (r) => remove(r, id),
    next ? { id: next.id, key: 'first' } : { id: at.parent.id, key: 'op' },
    'Removed',
  );
}

// ---------------------------------------------------------------------------------------------------------

export function GroupView({ group, scopes, role }: { group: GroupNode; scopes: string[]; role: GroupRole }) {
  const api = useBuilder();
  const onKeyDown = useRowKeys(group, scopes, true);
  const id = group.id;
  const empty =
    role === 'root'
      ? 'No conditions yet: every item matches. Add a condition below.'
      : role === 'where'
        ? 'No conditions: every element counts.'
        : 'Empty group: it adds nothing to the query.';
  return (
    <li data-node={id} className={`b-node b-group b-group-${role}${group.negated ? ' b-negated' : ''}`}>
      <div className="b-row b-group-head" onKeyDown={onKeyDown}>
        {role === 'where' && <span className="b-word">where</span>}
        <label className="b-not" title="Negate this group (Alt+N)">
          <input
            type="checkbox"
            data-focus="not"
            checked={group.negated}
            aria-label="Negate this group (not)"
            aria-keyshortcuts="Alt+N"
            onChange={() => api.commit((r) => toggleNegated(r, id), { id, key: 'not' })}
          />
          not
        </label>
        <select
          data-focus="op"
          aria-label="Group operator"
          aria-keyshortcuts="Alt+O"
          value={group.op}
          onChange={(e) => api.commit((r) => setOp(r, id, e.target.value as LogicalOp), { id, key: 'op' })}
        >
          {OPS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {role === 'child' && <Actions node={group} />}
      </div>
      <ul className="b-children" aria-label={`Conditions of this group, ${group.children.length}`}>
        {group.children.length === 0 && <li className="b-empty">{empty}</li>}
        {group.children.map((c) =>
          c.kind === 'group' ? (
            <GroupView key={c.id} group={c} scopes={scopes} role="child" />
          ) : (
            <LeafView key={c.id} node={c} scopes={scopes} />
          ),
        )}
      </ul>
      <AddBar groupId={id} scopes={scopes} />
    </li>
  );
}

function AddBar({ groupId, scopes }: { groupId: NodeId; scopes: string[] }) {
  const api = useBuilder();
  const kinds: { kind: NewKind; text: string; label: string }[] = [
    ...(defaultKind(api, scopes) === 'filter'
      ? [{ kind: 'filter' as const, text: '+ Filter', label: 'Add an editor filter' }]
      : []),
    { kind: 'field', text: '+ Field', label: 'Add a field condition' },
    { kind: 'collection', text: '+ Count', label: 'Add a count condition' },
    { kind: 'raw', text: '+ CroQL', label: 'Add raw CroQL' },
    { kind: 'group', text: '+ Group', label: 'Add a group' },
  ];
  return (
    <div className="b-add" role="group" aria-label="Add to this group">
      {kinds.map((k) => (
        <button
          key={k.kind}
          type="button"
          className="b-add-button"
          aria-label={k.label}
          onClick={() => addNode(api, { into: groupId }, k.kind, scopes)}
        >
          {k.text}
        </button>
      ))}
    </div>
  );
}

function Actions({ node }: { node: BuilderNode }) {
  const api = useBuilder();
  const at = locate(api.root, node.id);
  if (!at) return null;
  const id = node.id;
  const canOutdent = locate(api.root, at.parent.id) !== undefined;
  const button = (
    key: string,
    text: string,
    label: string,
    shortcut: string,
    enabled: boolean,
    act: () => void,
  ) => (
    <button
      type="button"
      className="b-action"
      data-focus={key}
      aria-label={label}
      aria-keyshortcuts={shortcut}
      title={`${label} (${shortcut})`}
      disabled={!enabled}
      onClick={act}
    >
      {text}
    </button>
  );
  return (
    <span className="b-actions">
      {button('up', '↑', 'Move up', 'Alt+ArrowUp', at.index > 0, () =>
        api.commit((r) => move(r, id, -1), { id, key: 'up' }, 'Moved up'),
      )}
      {button('down', '↓', 'Move down', 'Alt+ArrowDown', at.index < at.parent.children.length - 1, () =>
        api.commit((r) => move(r, id, 1), { id, key: 'down' }, 'Moved down'),
      )}
      {button('indent', '→', 'Indent into a group', 'Alt+ArrowRight', true, () =>
        api.commit((r) => indent(r, id), { id, key: 'indent' }, 'Indented into a group'),
      )}
      {button('outdent', '←', 'Outdent out of this group', 'Alt+ArrowLeft', canOutdent, () =>
        api.commit((r) => outdent(r, id), { id, key: 'outdent' }, 'Moved out of the group'),
      )}
      {button('remove', '✕', 'Remove', 'Alt+Backspace', true, () => removeNode(api, id))}
    </span>
  );
}

// ---------------------------------------------------------------------------------------------------------

const KIND_LABEL: Record<Exclude<BuilderNode['kind'], 'group'>, string> = {
  filter: 'Filter',
  field: 'Field',
  collection: 'Count',
  raw: 'CroQL',
};

function LeafView({ node, scopes }: { node: Exclude<BuilderNode, GroupNode>; scopes: string[] }) {
  const onKeyDown = useRowKeys(node, scopes, false);
  let editor: ReactNode;
  let below: ReactNode = null;
  switch (node.kind) {
    case 'filter':
      editor = <FilterControls node={node} />;
      below = <FilterNote node={node} />;
      break;
    case 'field':
      editor = <FieldEditor node={node} scopes={scopes} />;
      break;
    case 'collection': {
      editor = <CollectionEditor node={node} scopes={scopes} />;
      const element = elementTypeOf(scopes, node.collection);
      below = (
        <ul className="b-nested" aria-label={`Conditions on each of the ${node.collection}`}>
          <GroupView group={node.where} scopes={element ? [...scopes, element] : scopes} role="where" />
        </ul>
      );
      break;
    }
    case 'raw':
      editor = <RawEditor node={node} />;
      break;
  }
  return (
    <li data-node={node.id} className={`b-node b-leaf b-kind-${node.kind}`}>
      <div className="b-row" onKeyDown={onKeyDown}>
        <span className="b-kind" aria-hidden="true">
          {KIND_LABEL[node.kind]}
        </span>
        {editor}
        <Actions node={node} />
      </div>
      {below}
    </li>
  );
}

function useSet<N extends BuilderNode>(node: N) {
  const api = useBuilder();
  return (fn: (n: N) => N) => api.commit((r) => update(r, node.id, (n) => fn(n as N)));
}

// ---------------------------------------------------------------------------------------------------------
// Editor filters

const CATEGORIES = [...new Set(FILTERS.map((f) => f.category))] as FilterCategory[];

function FilterControls({ node }: { node: FilterNode }) {
  const api = useBuilder();
  const set = useSet(node);
  const def = filterDef(node.filter);
  const languages = api.values.languages ?? [];
  return (
    <>
      <select
        data-focus="first"
        aria-label="Editor filter"
        value={node.filter}
        onChange={(e) => {
          const next = filterDef(e.target.value);
          if (next)
            set((n) => ({
              ...n,
              filter: next.id,
              params: defaultParams(next),
              pinLanguage: next.pinnable ? n.pinLanguage : null,
            }));
        }}
      >
        {CATEGORIES.map((cat) => (
          <optgroup key={cat} label={cat}>
            {FILTERS.filter((f) => f.category === cat).map((f) => {
              const unavailable = f.convert({ ...defaultParams(f) }, undefined).kind === 'notExpressible';
              const enterprise = f.enterpriseOnly && api.edition !== 'enterprise';
              return (
                <option
                  key={f.id}
                  value={f.id}
                  disabled={(unavailable || enterprise) && f.id !== node.filter}
                >
                  {f.label}
                  {unavailable ? ' (not expressible)' : enterprise ? ' (enterprise)' : ''}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      {def?.params.map((p) => (
        <ParamEditor
          key={p.key}
          spec={p}
          value={node.params[p.key]}
          onChange={(v) => set((n) => ({ ...n, params: { ...n.params, [p.key]: v } }))}
        />
      ))}
      {def?.pinnable && (
        <select
          data-focus="pin"
          aria-label="Language (pin)"
          value={node.pinLanguage ?? ''}
          onChange={(e) => set((n) => ({ ...n, pinLanguage: e.target.value || null }))}
        >
          <option value="">in any language</option>
          {node.pinLanguage && !languages.some((l) => l.id === node.pinLanguage) && (
            <option value={node.pinLanguage}>in {node.pinLanguage}</option>
          )}
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              in {l.name ?? l.id}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

function FilterNote({ node }: { node: FilterNode }) {
  const r = filterToCroql(
    node.filter,
    node.params,
    node.pinLanguage ? { pinLanguage: node.pinLanguage } : {},
  );
  if (r.kind === 'exact') return null;
  return (
    <p className={`b-note ${r.kind === 'notExpressible' ? 'b-note-error' : ''}`} role="note">
      {r.kind === 'approximation' ? `≈ ${r.note}` : `Not in the query: ${r.reason}`}
    </p>
  );
}

type ParamValue = FilterNode['params'][string];

function ParamEditor({
  spec,
  value,
  onChange,
}: {
  spec: ParamSpec;
  value: ParamValue | undefined;
  onChange: (v: ParamValue) => void;
}) {
  const api = useBuilder();
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value.map(String) : [];
  switch (spec.kind) {
    case 'datetime':
      return (
        <DraftInput
          label={`${spec.label} (today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`}
          focusKey={spec.key}
          value={text}
          valid={(v) => DATETIME.test(v)}
          list={DATALIST_DATES}
          className="b-date"
          placeholder="today or YYYY-MM-DD"
          onCommit={onChange}
        />
      );
    case 'number':
      return (
        <DraftInput
          label={spec.label}
          focusKey={spec.key}
          value={text}
          valid={(v) => NUMBER.test(v)}
          className="b-number"
          inputMode="numeric"
          onCommit={onChange}
        />
      );
    case 'user':
      return (
        <input
          data-focus={spec.key}
          aria-label={spec.label}
          placeholder="username"
          list={DATALIST_USERS}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'text':
      return (
        <input
          data-focus={spec.key}
          aria-label={spec.label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'choice':
      return (
        <select
          data-focus={spec.key}
          aria-label={spec.label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          {spec.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'multiChoice':
      return (
        <fieldset className="b-checks">
          <legend className="visually-hidden">{spec.label}</legend>
          {spec.options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                data-focus={`${spec.key}-${o.value}`}
                checked={list.includes(o.value)}
                onChange={(e) => {
                  const next = e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value);
                  if (next.length > 0) onChange(next);
                }}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    case 'labels': {
      // Labels of the query that the project does not list stay visible (and checked) as `#id`.
      const listed = api.values.labels ?? [];
      const known = [
        ...listed,
        ...list
          .filter((id) => !listed.some((l) => String(l.id) === id))
          .map((id) => ({ id, title: `#${id}` })),
      ];
      if (listed.length === 0)
        return (
          <DraftInput
            label="Label ids, comma separated"
            focusKey={spec.key}
            value={list.join(', ')}
            valid={(v) => /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v)}
            onCommit={(v) => onChange(v.split(',').map((s) => s.trim()))}
          />
        );
      return (
        <fieldset className="b-checks">
          <legend className="visually-hidden">{spec.label}</legend>
          {known.map((l) => (
            <label key={l.id}>
              <input
                type="checkbox"
                data-focus={`${spec.key}-${l.id}`}
                checked={list.includes(String(l.id))}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...list, String(l.id)] : list.filter((v) => v !== String(l.id)),
                  )
                }
              />
              {l.title}
            </label>
          ))}
        </fieldset>
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Field conditions

function FieldEditor({ node, scopes }: { node: FieldNode; scopes: string[] }) {
  const api = useBuilder();
  const set = useSet(node);
  const scope = scopes[scopes.length - 1]!;
  const choices = fieldChoices(scope, api.edition);
  const key = node.path.join(' of ');
  const def = resolvePath(scopes, node.path);
  const type = def?.type.kind === 'scalar' ? def.type.type : 'string';
  const ops = operatorsFor(type);
  return (
    <>
      <select
        data-focus="first"
        aria-label="Field"
        value={key}
        onChange={(e) => {
          const choice = choices.find((c) => c.label === e.target.value);
          if (choice) set(() => ({ ...fieldCondition(scopes, choice.path, api.values), id: node.id }));
        }}
      >
        {!choices.some((c) => c.label === key) && <option value={key}>{key}</option>}
        {choices.map((c) => (
          <option key={c.label} value={c.label}>
            {c.label}
          </option>
        ))}
      </select>
      <select
        data-focus="op"
        aria-label="Operator"
        value={node.op}
        onChange={(e) => {
          const op = e.target.value as FieldOp;
          set((n) => ({ ...n, op, value2: op === 'between' ? (n.value2 ?? n.value) : null }));
        }}
      >
        {!ops.includes(node.op) && <option value={node.op}>{OP_LABELS[node.op]}</option>}
        {ops.map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </select>
      {node.op !== 'isTrue' && node.op !== 'isFalse' && (
        <ValueEditor
          label={node.op === 'between' ? 'From' : 'Value'}
          focusKey="value"
          value={node.value}
          enumValues={def?.enumValues}
          onChange={(value) => set((n) => ({ ...n, value }))}
        />
      )}
      {node.op === 'between' && (
        <>
          <span className="b-word">and</span>
          <ValueEditor
            label="To"
            focusKey="value2"
            value={node.value2}
            enumValues={def?.enumValues}
            onChange={(value2) => set((n) => ({ ...n, value2 }))}
          />
        </>
      )}
    </>
  );
}

function ValueEditor({
  label,
  focusKey,
  value,
  enumValues,
  onChange,
}: {
  label: string;
  focusKey: string;
  value: ValueLiteral | null;
  enumValues: string[] | undefined;
  onChange: (v: ValueLiteral) => void;
}) {
  const api = useBuilder();
  const v = value ?? { kind: 'string' as const, value: '' };
  switch (v.kind) {
    case 'number':
      return (
        <DraftInput
          label={label}
          focusKey={focusKey}
          value={v.value}
          valid={(s) => NUMBER.test(s)}
          className="b-number"
          inputMode="decimal"
          onCommit={(s) => onChange({ kind: 'number', value: s })}
        />
      );
    case 'datetime':
      return (
        <DraftInput
          label={`${label} (today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`}
          focusKey={focusKey}
          value={v.value}
          valid={(s) => DATETIME.test(s)}
          list={DATALIST_DATES}
          className="b-date"
          placeholder="today or YYYY-MM-DD"
          onCommit={(s) => onChange({ kind: 'datetime', value: s })}
        />
      );
    case 'user':
      return (
        <input
          data-focus={focusKey}
          aria-label={`${label} (member)`}
          placeholder="username"
          list={DATALIST_USERS}
          value={v.value}
          onChange={(e) => onChange({ kind: 'user', value: e.target.value })}
        />
      );
    case 'language': {
      const languages = api.values.languages ?? [];
      if (languages.length === 0)
        return (
          <input
            data-focus={focusKey}
            aria-label={`${label} (language code)`}
            value={v.value}
            onChange={(e) => onChange({ kind: 'language', value: e.target.value })}
          />
        );
      return (
        <select
          data-focus={focusKey}
          aria-label={`${label} (language)`}
          value={v.value}
          onChange={(e) => onChange({ kind: 'language', value: e.target.value })}
        >
          {!languages.some((l) => l.id === v.value) && <option value={v.value}>{v.value || '—'}</option>}
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name ? `${l.name} (${l.id})` : l.id}
            </option>
          ))}
        </select>
      );
    }
    case 'string': {
      const listId = enumValues
        ? `croql-builder-enum-${focusKey}-${enumValues.length}-${enumValues[0]}`
        : undefined;
      return (
        <>
          <input
            data-focus={focusKey}
            aria-label={label}
            value={v.value}
            list={listId}
            onChange={(e) => onChange({ kind: 'string', value: e.target.value })}
          />
          {listId && (
            <datalist id={listId}>
              {enumValues!.map((e) => (
                <option key={e} value={e} />
              ))}
            </datalist>
          )}
        </>
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Count conditions and raw CroQL

function CollectionEditor({ node, scopes }: { node: CollectionNode; scopes: string[] }) {
  const api = useBuilder();
  const set = useSet(node);
  const choices = collectionChoices(scopes[scopes.length - 1]!, api.edition);
  return (
    <>
      <span className="b-word">count of</span>
      <select
        data-focus="first"
        aria-label="Collection"
        value={node.collection}
        onChange={(e) => set((n) => ({ ...n, collection: e.target.value }))}
      >
        {!choices.some((c) => c.name === node.collection) && (
          <option value={node.collection}>{node.collection}</option>
        )}
        {choices.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
          </option>
        ))}
      </select>
      <select
        data-focus="op"
        aria-label="Count comparison"
        value={node.op}
        onChange={(e) => set((n) => ({ ...n, op: e.target.value as CountOp }))}
      >
        {COUNT_OPS.map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </select>
      <DraftInput
        label="Count"
        focusKey="count"
        value={node.count}
        valid={(s) => /^\d+$/.test(s)}
        className="b-number"
        inputMode="numeric"
        onCommit={(count) => set((n) => ({ ...n, count }))}
      />
    </>
  );
}

function RawEditor({ node }: { node: RawNode }) {
  const api = useBuilder();
  const set = useSet(node);
  const [draft, setDraft] = useState(node.text);
  const [seen, setSeen] = useState(node.text);
  if (seen !== node.text) {
    setSeen(node.text);
    setDraft(node.text);
  }
  const syntax =
    draft.trim() === ''
      ? undefined
      : analyze(draft, api.context).diagnostics.find((d) => d.code === 'croqlInvalidSyntax');
  return (
    <>
      <textarea
        data-focus="first"
        aria-label="Raw CroQL (kept exactly as written)"
        className="b-raw"
        spellCheck={false}
        rows={Math.min(4, draft.split('\n').length)}
        value={draft}
        aria-invalid={syntax ? true : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => {
          if (draft !== node.text) set((n) => ({ ...n, text: draft }));
        }}
      />
      {syntax && (
        <span className="b-error" role="status">
          {syntax.message}
        </span>
      )}
    </>
  );
}

/** A text input that writes only valid values; an invalid draft stays visible, marked, until fixed. */
function DraftInput({
  label,
  focusKey,
  value,
  valid,
  onCommit,
  list,
  className,
  inputMode,
  placeholder,
}: {
  label: string;
  focusKey: string;
  value: string;
  valid: (v: string) => boolean;
  onCommit: (v: string) => void;
  list?: string;
  className?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const ok = valid(draft.trim());
  return (
    <input
      data-focus={focusKey}
      aria-label={label}
      aria-invalid={ok ? undefined : true}
      title={ok ? label : `Not valid: ${label}`}
      className={className}
      list={list}
      inputMode={inputMode}
      placeholder={placeholder}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        const v = e.target.value.trim();
        if (valid(v) && v !== value) {
          setSeen(v);
          onCommit(v);
        }
      }}
    />
  );
}
