// The Advanced Filter an app sets (`AP.editor.setCustomFilter`), read over the defaults. Its conversion to
// CroQL is src/builder/editor-filter.ts, shared with the editor panel.
import { EMPTY_CUSTOM_FILTER, type CustomFilter } from '../wire/ap-bridge.ts';

/**
 * A CustomFilterObject as an app sets it (`setCustomFilter`): the documented keys over the defaults, each of
 * the default's type; the keys left out are named.
 */
export function readCustomFilter(value: unknown): { filter: CustomFilter; ignored: string[] } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const filter: Record<string, unknown> = { ...EMPTY_CUSTOM_FILTER };
  const ignored: string[] = [];
  for (const [key, given] of Object.entries(value)) {
    const fallback = (EMPTY_CUSTOM_FILTER as Record<string, unknown>)[key];
    const ok =
      key in EMPTY_CUSTOM_FILTER &&
      (Array.isArray(fallback)
        ? Array.isArray(given) && given.every((n) => Number.isInteger(n))
        : fallback === null
          ? given === null || typeof given === 'number'
          : typeof given === typeof fallback);
    if (ok) filter[key] = given;
    else ignored.push(key);
  }
  return { filter: filter as unknown as CustomFilter, ignored };
}
