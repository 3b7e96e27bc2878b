// The changes the API made to the data: source strings edited (today through the test hook
// `POST /__emulator/edit-string`, ../edit-hook.ts). The data itself is generated or read the same way at
// every start, so the state keeps only these changes, and the first version of each edited string so a
// restored state can put it back.
import type { ContextObject } from '../../../croql/index.ts';
import type { Dataset } from './model.ts';

/** What an edit sets on a string; `updated` is when (the string's `updated`, as the service writes it). */
export interface StringEdit {
  id: number;
  text?: string;
  isHidden?: boolean;
  labelIds?: number[];
  updated: string;
}

export class StringEdits {
  /** Each edited string as the data had it before its first edit. */
  private originals = new Map<number, ContextObject>();
  /** Each edited string's changes, later ones over earlier ones. */
  private edits = new Map<number, StringEdit>();

  constructor(private data: Dataset) {}

  /** Applies an edit; false when the data has no such string. Bumps the data version. */
  apply(edit: StringEdit): boolean {
    const index = this.indexOf(edit.id);
    if (index < 0) return false;
    this.put(index, edit);
    this.data.version++;
    return true;
  }

  /** Every edit, one per string (each record is replaced, never changed, when the string is edited again). */
  list(): StringEdit[] {
    return [...this.edits.values()];
  }

  /** Puts every edited string back as it was, then applies `edits`; returns the ids the data lacks. */
  replace(edits: readonly StringEdit[]): number[] {
    for (const [id, original] of this.originals) {
      const index = this.indexOf(id);
      if (index >= 0) this.data.strings[index] = original;
    }
    this.originals.clear();
    this.edits.clear();
    const missing: number[] = [];
    for (const edit of edits) {
      const index = this.indexOf(edit.id);
      if (index < 0) missing.push(edit.id);
      else this.put(index, edit);
    }
    this.data.version++;
    return missing;
  }

  private put(index: number, edit: StringEdit): void {
    const before = this.data.strings[index]!;
    if (!this.originals.has(edit.id)) this.originals.set(edit.id, before);
    // A copy of every own property on the same prototype: a demo string reads its languages summary
    // through its prototype (data/demo.ts).
    const after = Object.create(
      Object.getPrototypeOf(before) as object,
      Object.getOwnPropertyDescriptors(before),
    ) as ContextObject;
    after.updated = edit.updated;
    if (edit.text !== undefined) after.text = edit.text;
    if (edit.isHidden !== undefined) after.isHidden = edit.isHidden;
    if (edit.labelIds !== undefined) {
      after.labels = edit.labelIds.map((id) => ({
        id,
        title: this.data.labels.find((l) => l.id === id)?.title ?? `label ${id}`,
      }));
    }
    this.data.strings[index] = after;
    const merged = { ...this.edits.get(edit.id), ...edit };
    this.edits.set(edit.id, merged);
  }

  /** The string's index: the strings are in id order (model.ts), so a binary search, else a scan. */
  private indexOf(id: number): number {
    const list = this.data.strings;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = list[mid]!.id as number;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return list.findIndex((s) => s.id === id);
  }
}
