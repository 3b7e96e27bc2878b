// Test hook (with --test-hooks): `POST /__emulator/edit-string` changes one source string, as an edit in the
// service would, so a test can watch a query's results change (snapshot diffs). It bumps the data version
// that every listing cache keys on, so the next request sees the edit.
import type { Context } from 'hono';
import type { ContextObject } from '../../croql/index.ts';
import { notFound, validationError } from './api/errors.ts';
import type { EmulatorConfig } from './config.ts';

interface StringEdit {
  id: number;
  text?: string;
  isHidden?: boolean;
  labelIds?: number[];
}

function readEdit(body: unknown): StringEdit {
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
  return b as unknown as StringEdit;
}

export function editStringHook(config: EmulatorConfig) {
  return async (c: Context) => {
    const edit = readEdit(await c.req.json().catch(() => null));
    const data = config.data;
    const index = data.strings.findIndex((s) => s.id === edit.id);
    if (index < 0) throw notFound();
    const before = data.strings[index]!;
    // A copy of every own property on the same prototype: a demo string reads its languages summary
    // through its prototype (data/demo.ts).
    const after = Object.create(
      Object.getPrototypeOf(before) as object,
      Object.getOwnPropertyDescriptors(before),
    ) as ContextObject;
    after.updated = new Date(config.clock()).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    if (edit.text !== undefined) after.text = edit.text;
    if (edit.isHidden !== undefined) after.isHidden = edit.isHidden;
    if (edit.labelIds !== undefined) {
      after.labels = edit.labelIds.map((id) => ({
        id,
        title: data.labels.find((l) => l.id === id)?.title ?? `label ${id}`,
      }));
    }
    data.strings[index] = after;
    data.version++;
    return c.json({ id: edit.id, version: data.version });
  };
}
