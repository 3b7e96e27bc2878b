// The buttons at the end of a row: move, indent, outdent, remove (each also a keyboard shortcut).
import { useBuilder } from './context.ts';
import type { BuilderNode } from './model.ts';
import { removeNode } from './node-commands.ts';
import { indent, locate, move, outdent } from './ops.ts';

export function RowActions({ node }: { node: BuilderNode }) {
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
