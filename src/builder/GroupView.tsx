// A group: its negation and operator, its children (groups and conditions), and the buttons that add to it.
import type { LogicalOp } from '../croql/index.ts';
import type { NewKind } from './choices.ts';
import { useBuilder } from './context.ts';
import { LeafView } from './LeafView.tsx';
import type { GroupNode, NodeId } from './model.ts';
import { addNode, defaultKind, OPS, useRowKeys } from './node-commands.ts';
import { setOp, toggleNegated } from './ops.ts';
import { RowActions } from './RowActions.tsx';

export type GroupRole = 'root' | 'where' | 'child';

export function GroupView({ group, scopes, role }: { group: GroupNode; scopes: string[]; role: GroupRole }) {
  const api = useBuilder();
  const onKeyDown = useRowKeys(group, scopes, true);
  const id = group.id;
  const empty =
    role === 'root'
      ? 'No conditions yet. Add a condition below.'
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
        {role === 'child' && <RowActions node={group} />}
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
