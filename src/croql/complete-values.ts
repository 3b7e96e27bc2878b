// The values completion offers: what fits the right side of a comparison (members, languages, a field's
// enum values, files, labels, datetimes) and the mention values inside `@user:"…` / `@language:"…`, from
// the live lists the host passes. complete.ts decides where a value goes; this file, which values.
import { datetimeItems, mentionStarters } from './complete-items.ts';
import type { Lhs } from './complete-place.ts';
import { escapeString } from './literals.ts';
import type { CompletionItem, LiveValues } from './types.ts';

/** Values that fit the right side of a comparison with `lhs`. */
export function valueItems(lhs: Lhs, values: LiveValues, now: Date): CompletionItem[] {
  const t = lhs.type;
  const items: CompletionItem[] = [];
  const boost = 20;
  if (t.kind === 'scalar' && t.type === 'datetime') items.push(...datetimeItems(now, boost, null));
  if (t.kind !== 'scalar') return items;
  if (t.type === 'user') {
    for (const u of values.users ?? []) {
      items.push({
        label: `@user:"${u.username}"`,
        kind: 'mention',
        apply: `@user:"${escapeString(u.username)}"`,
        detail: u.fullName ?? `user ${u.id}`,
        boost,
      });
    }
    items.push(mentionStarters()[0]!);
  }
  if (t.type === 'language') {
    for (const l of values.languages ?? []) {
      items.push({
        label: `@language:"${l.id}"`,
        kind: 'mention',
        apply: `@language:"${escapeString(l.id)}"`,
        detail: l.name ?? 'language',
        boost,
      });
    }
    items.push(mentionStarters()[1]!);
  }
  if (t.type === 'string' && lhs.field?.enumValues && (lhs.op === '=' || lhs.op === '!=')) {
    for (const v of lhs.field.enumValues) {
      items.push({
        label: `"${v}"`,
        kind: 'value',
        apply: `"${escapeString(v)}"`,
        detail: lhs.field.name,
        boost,
      });
    }
  }
  if (lhs.field?.key === 'id' && lhs.owner === 'file') {
    for (const file of values.files ?? []) {
      items.push({
        label: file.name,
        kind: 'value',
        apply: String(file.id),
        detail: `file ${file.id}`,
        description: file.path,
        boost,
      });
    }
  }
  if (lhs.owner === 'label' && lhs.field) {
    for (const label of values.labels ?? []) {
      if (lhs.field.key === 'id') {
        items.push({
          label: label.title,
          kind: 'value',
          apply: String(label.id),
          detail: `label ${label.id}`,
          boost,
        });
      } else if (lhs.field.key === 'title') {
        items.push({
          label: `"${label.title}"`,
          kind: 'value',
          apply: `"${escapeString(label.title)}"`,
          detail: `label ${label.id}`,
          boost,
        });
      }
    }
  }
  return items;
}

/** The members or languages inside a mention's quotes; `close`: the quote to add when none is typed yet. */
export function mentionValues(kind: string | undefined, values: LiveValues, close: string): CompletionItem[] {
  if (kind === 'user') {
    return (values.users ?? []).map((u): CompletionItem => ({
      label: u.username,
      kind: 'mention',
      apply: escapeString(u.username) + close,
      detail: u.fullName ?? `user ${u.id}`,
    }));
  }
  if (kind === 'language') {
    return (values.languages ?? []).map((l): CompletionItem => ({
      label: l.id,
      kind: 'mention',
      apply: escapeString(l.id) + close,
      detail: l.name ?? 'language',
    }));
  }
  return [];
}

/** The quoted literal opening at `from`, in the whole text (the tokens end at the cursor). */
export function quoteAt(text: string, from: number): { from: number; to: number; closed: boolean } {
  for (let i = from + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return { from, to: i + 1, closed: true };
  }
  return { from, to: text.length, closed: false };
}
