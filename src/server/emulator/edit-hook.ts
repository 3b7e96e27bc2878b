// Test hook (with --test-hooks): `POST /__emulator/edit-string` changes one source string, as an edit in the
// service would, so a test can watch a query's results change (snapshot diffs). The edit goes through the
// data's one record of changes (data/edits.ts), which bumps the data version every listing cache keys on,
// so the next request sees the edit, and which the state keeps.
import type { Context } from 'hono';
import { notFound, validationError } from './api/errors.ts';
import type { StringEdit, StringEdits } from './data/edits.ts';

function readEdit(body: unknown): Omit<StringEdit, 'updated'> {
  const b = (body ?? {}) as Record<string, unknown>;
  const bad = (message: string) => validationError('body', [{ code: 'invalid', message }]);
  if (typeof b.id !== 'number') throw bad('`id` (a number) is required.');
  if (b.text !== undefined && typeof b.text !== 'string') throw bad('`text` must be a string.');
  if (b.isHidden !== undefined && typeof b.isHidden !== 'boolean') throw bad('`isHidden` must be a boolean.');
  if (
    b.labelIds !== undefined &&
    !(Array.isArray(b.labelIds) && b.labelIds.every((x) => typeof x === 'number'))
  ) {
    throw bad('`labelIds` must be a list of numbers.');
  }
  const { id, text, isHidden, labelIds } = b as unknown as StringEdit;
  return {
    id,
    ...(text === undefined ? {} : { text }),
    ...(isHidden === undefined ? {} : { isHidden }),
    ...(labelIds === undefined ? {} : { labelIds }),
  };
}

export function editStringHook(edits: StringEdits, clock: () => number, version: () => number) {
  return async (c: Context) => {
    const edit = readEdit(await c.req.json().catch(() => null));
    const updated = new Date(clock()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    if (!edits.apply({ ...edit, updated })) throw notFound();
    return c.json({ id: edit.id, version: version() });
  };
}
