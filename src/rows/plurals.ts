// Plural forms, described once: their CLDR order, a plural text object's forms, a translation row's forms.
// Pure.
import type { LanguageTranslationResource, PluralFormResource } from '../wire/resources.ts';
import { isRecord } from '../wire/json.ts';

export const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

export function sortedForms(forms: string[]): string[] {
  const rank = (f: string) => {
    const i = (PLURAL_ORDER as readonly string[]).indexOf(f);
    return i < 0 ? PLURAL_ORDER.length : i;
  };
  return [...forms].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A plural text object `{other, one}` as its non-empty forms in CLDR order: `[['one', …], ['other', …]]`. */
export function formsOf(forms: Record<string, unknown>): [form: string, text: string][] {
  return sortedForms(Object.keys(forms))
    .filter((k) => forms[k] != null && forms[k] !== '')
    .map((k) => [k, String(forms[k])]);
}

/** A plural text object `{one, other}` shown on one line: `one: apple · other: apples`. */
export function compactPlural(forms: Record<string, unknown>): string {
  return formsOf(forms)
    .map(([k, text]) => `${k}: ${text}`)
    .join(' · ');
}

/** A translation row's plural forms; empty for a plain, ICU or asset string's translation. */
export function pluralsOf(row: LanguageTranslationResource): PluralFormResource[] {
  return 'plurals' in row && Array.isArray(row.plurals)
    ? row.plurals.filter((p): p is PluralFormResource => isRecord(p))
    : [];
}
