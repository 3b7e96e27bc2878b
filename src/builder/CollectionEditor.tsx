// A count condition's own row: `count of <collection> <op> <n>` (its `where` group renders beneath it).
import { collectionChoices, COUNT_OPS, OP_LABELS } from './choices.ts';
import { useBuilder } from './context.ts';
import { DraftInput } from './DraftInput.tsx';
import type { CollectionNode, CountOp } from './model.ts';
import { useSet } from './node-commands.ts';

export function CollectionEditor({ node, scopes }: { node: CollectionNode; scopes: string[] }) {
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
