// A condition row: its kind, the editor for that kind, its row actions, and what shows beneath it.
import type { ReactNode } from 'react';
import { CollectionEditor } from './CollectionEditor.tsx';
import { FieldEditor } from './FieldEditor.tsx';
import { FilterControls, FilterNote } from './FilterEditor.tsx';
import { GroupView } from './GroupView.tsx';
import { elementTypeOf, type BuilderNode, type GroupNode } from './model.ts';
import { useRowKeys } from './node-commands.ts';
import { RawEditor } from './RawEditor.tsx';
import { RowActions } from './RowActions.tsx';

const KIND_LABEL: Record<Exclude<BuilderNode['kind'], 'group'>, string> = {
  filter: 'Filter',
  field: 'Field',
  collection: 'Count',
  raw: 'CroQL',
};

export function LeafView({ node, scopes }: { node: Exclude<BuilderNode, GroupNode>; scopes: string[] }) {
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
        <RowActions node={node} />
      </div>
      {below}
    </li>
  );
}
