// A field condition: field, operator, and its right side (one or two values, or another field).
import type { ScalarType } from '../croql/index.ts';
import {
  fieldChoices,
  fieldCondition,
  fitRight,
  OP_LABELS,
  operatorsFor,
  rightFieldChoices,
  rightKinds,
  rightOfKind,
  scalarTypeOf,
  type RightKind,
} from './choices.ts';
import { useBuilder } from './context.ts';
import { resolvePath, type FieldNode, type FieldOp, type FieldRef } from './model.ts';
import { useSet } from './node-commands.ts';
import { ValueEditor } from './ValueEditor.tsx';

export function FieldEditor({ node, scopes }: { node: FieldNode; scopes: string[] }) {
  const api = useBuilder();
  const set = useSet(node);
  const scope = scopes[scopes.length - 1]!;
  const choices = fieldChoices(scope, api.edition);
  const key = node.path.join(' of ');
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
        <OperatorAndRight node={node} scopes={scopes} />
      )}
    </>
  );
}

/** The operator and the right side of a condition whose field is chosen. */
function OperatorAndRight({ node, scopes }: { node: FieldNode; scopes: string[] }) {
  const api = useBuilder();
  const set = useSet(node);
  const scope = scopes[scopes.length - 1]!;
  const def = resolvePath(scopes, node.path);
  const type = scalarTypeOf(def);
  const ops = operatorsFor(type);
  const kinds = rightKinds(scope, api.edition, type, node.op);
  const right = node.value;
  return (
    <>
      <select
        data-focus="op"
        aria-label="Operator"
        value={node.op}
        onChange={(e) => {
          const op = e.target.value as FieldOp;
          set((n) => fitRight({ ...n, op }, scopes, api.values, api.edition));
        }}
      >
        {!ops.includes(node.op) && <option value={node.op}>{OP_LABELS[node.op]}</option>}
        {ops.map((op) => (
          <option key={op} value={op}>
            {OP_LABELS[op]}
          </option>
        ))}
      </select>
      {node.op !== 'between' && kinds.length > 0 && (
        <select
          data-focus="rightKind"
          aria-label="Compare with"
          value={right?.kind === 'field' ? 'field' : 'value'}
          onChange={(e) => {
            const kind = e.target.value as RightKind;
            set((n) => ({ ...n, value: rightOfKind(n, kind, scopes, api.values, api.edition) }));
          }}
        >
          {(['value', 'field'] as const).map((k) => (
            <option key={k} value={k} disabled={!kinds.includes(k)}>
              {k}
            </option>
          ))}
        </select>
      )}
      {right?.kind === 'field' ? (
        <RightField node={node} type={type} right={right} scopes={scopes} />
      ) : (
        node.op !== 'isTrue' &&
        node.op !== 'isFalse' && (
          <ValueEditor
            label={node.op === 'between' ? 'From' : 'Value'}
            focusKey="value"
            value={right}
            enumValues={def?.enumValues}
            onChange={(value) => set((n) => ({ ...n, value }))}
          />
        )
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

/** The field on the right: those of the scope whose type the operator accepts beside the left one. */
function RightField(props: { node: FieldNode; type: ScalarType; right: FieldRef; scopes: string[] }) {
  const { node, type, right, scopes } = props;
  const api = useBuilder();
  const set = useSet(node);
  const choices = rightFieldChoices(scopes[scopes.length - 1]!, api.edition, type, node.op);
  const key = right.path.join(' of ');
  return (
    <select
      data-focus="value"
      aria-label="Other field"
      value={key}
      onChange={(e) => {
        const choice = choices.find((c) => c.label === e.target.value);
        if (choice) set((n) => ({ ...n, value: { kind: 'field', path: choice.path } }));
      }}
    >
      {!choices.some((c) => c.label === key) && <option value={key}>{key}</option>}
      {choices.map((c) => (
        <option key={c.label} value={c.label}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
