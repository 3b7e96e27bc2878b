// The state's `data` part: the changes the API made to the data (data/edits.ts), not the data itself,
// which every start generates (the demo, from its scale and seed) or reads (--data) the same way again.
import type { StringEdit, StringEdits } from '../data/edits.ts';
import { Reader, type StatePart } from './part.ts';

export function dataPart(edits: StringEdits): StatePart {
  return {
    key: 'data',
    save: () => ({ strings: edits.list() }),
    restore(value, warn) {
      const list =
        value === undefined ? [] : new Reader(value, 'data').get('strings').list(true).map(stringEdit);
      return () => {
        const missing = edits.replace(list);
        if (missing.length) {
          warn(
            `${missing.length} edited string${missing.length === 1 ? '' : 's'} of the state ${missing.length === 1 ? 'is' : 'are'} not in this emulator's data (id ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}); ${missing.length === 1 ? 'it was' : 'they were'} left out.`,
          );
        }
      };
    },
  };
}

function stringEdit(r: Reader): StringEdit {
  const optional = <T>(key: string, read: (r: Reader) => T): Partial<Record<string, T>> =>
    r.get(key).value === undefined ? {} : { [key]: read(r.get(key)) };
  return {
    id: r.get('id').int(),
    updated: r.get('updated').string(),
    ...optional('text', (x) => x.string()),
    ...optional('isHidden', (x) => x.boolean()),
    ...optional('labelIds', (x) => x.list().map((l) => l.int())),
  };
}
