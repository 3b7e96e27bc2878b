// A raw CroQL block: kept exactly as written, committed on blur, syntax errors shown beside it.
import { useState } from 'react';
import { analyze } from '../croql/index.ts';
import { useBuilder } from './context.ts';
import type { RawNode } from './model.ts';
import { useSet } from './node-commands.ts';

export function RawEditor({ node }: { node: RawNode }) {
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
