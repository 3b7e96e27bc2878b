// Scratch harness (not committed): renders the builder alone for a visual check.
import { createRoot } from 'react-dom/client';
import { Builder } from './Builder.tsx';
import { useQueryStore } from '../query/store.ts';
export function mount(text: string) {
  useQueryStore.getState().actions.setText(text);
  const el = document.createElement('div');
  el.id = 'harness';
  document.body.replaceChildren(el);
  const pre = document.createElement('pre');
  pre.id = 'store-text';
  document.body.appendChild(pre);
  useQueryStore.subscribe((s) => (pre.textContent = s.text));
  pre.textContent = text;
  createRoot(el).render(
    <Builder
      values={{
        users: [
          { id: 1, username: 'alice' },
          { id: 2, username: 'bob' },
        ],
        languages: [
          { id: 'uk', name: 'Ukrainian' },
          { id: 'de', name: 'German' },
        ],
        labels: [
          { id: 1, title: 'ui' },
          { id: 2, title: 'api' },
        ],
      }}
      edition="standard"
    />,
  );
}
