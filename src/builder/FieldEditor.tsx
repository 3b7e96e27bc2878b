// A field condition: field, operator, and one or two values.
import { fieldChoices, fieldCondition, OP_LABELS, operatorsFor } from './choices.ts';
import { useBuilder } from './context.ts';
import { resolvePath, type FieldNode, type FieldOp } from './model.ts';
import { useSet } from './node-commands.ts';
import { ValueEditor } from './ValueEditor.tsx';

export function FieldEditor({ node, scopes }: { node: FieldNode; scopes: string[] }) {
  const api = useBuilder();
  const set = useSet(node);
  const scope = scopes[scopes.length - 1]!;
  const choices = fieldChoices(scope, api.edition);
  const key = node.path.join(' of ');
  const def = resolvePath(scopes, node.path);
  const type = def?.type.kind === 'scalar' ? def.type.type : 'string';
  const ops = operatorsFor(type);
  const unset = node.path.length === 0;
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
        {unset && (
          <option value="" disabled>
            choose a field…
          </option>
        )}
        {!unset && !choices.some((c) => c.label === key) && <option value={key}>{key}</option>}
        {choices.map((c) => (
          <option key={c.label} value={c.label}>
            {c.label}
          </option>
        ))}
      </select>
      {unset ? (
        <span className="hint">Not in the query until a field is chosen.</span>
      ) : (
        <OperatorAndValues node={node} def={def} ops={ops} />
      )}
    </>
  );
}

/** The operator and the value(s) of a condition whose field is chosen. */
function OperatorAndValues(props: { node: FieldNode; def: ReturnType<typeof resolvePath>; ops: FieldOp[] }) {
  const { node, def, ops } = props;
  const set = useSet(node);
  return (
    <>
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
