// The language translations listing returns one row per string: the translation the editor shows for it in
// that language, its top translation (for a plural string, the top translation of each form). Competing
// suggestions are not rows of their own; they belong to a different operation (List String Translations).
//
// The ranking is the service docs' "translations with the highest priority (approved, most voted, or last
// added ones)", with the enterprise editor's "the highest number of approvals" first:
//   1. more approvals first (an approved translation beats every unapproved one);
//   2. then a higher rating (up votes minus down votes);
//   3. then the most recently changed (`updated`);
//   4. then the higher translation id (the later one).
import type { ContextObject } from '../../../croql/index.ts';
import { languageInfo } from '../data/model.ts';
import { runToEnd, sliceOver } from './slices.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */

const count = (list: unknown): number => (Array.isArray(list) ? list.length : 0);

function rating(t: any): number {
  let sum = 0;
  for (const v of (t.votes ?? []) as any[]) sum += v.isUp ? 1 : v.isDown ? -1 : 0;
  return sum;
}

/** Negative when `a` ranks above `b`. */
export function compareTranslations(a: any, b: any): number {
  return (
    count(b.approvals) - count(a.approvals) ||
    rating(b) - rating(a) ||
    String(b.updated ?? '').localeCompare(String(a.updated ?? '')) ||
    Number(b.id ?? 0) - Number(a.id ?? 0)
  );
}

export interface TopTranslations {
  /** The top translation of each string (of each form of a plural string), in string id order. */
  items: ContextObject[];
  /** The index (in the strings) of the string each item belongs to. */
  owners: Int32Array;
}

const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/** The top translations of every string in one language. */
export function topTranslations(strings: readonly ContextObject[], languageId: string): TopTranslations {
  return runToEnd(topTranslationsInSteps(strings, languageId));
}

/** The same, in steps (./listing.ts runs them between other requests): a million strings take a second. */
export function* topTranslationsInSteps(
  strings: readonly ContextObject[],
  languageId: string,
): Generator<void, TopTranslations> {
  const items: ContextObject[] = [];
  const owners: number[] = [];
  const forms = languageInfo(languageId).pluralCategoryNames;
  const formRank = (f: unknown) => {
    const i = PLURAL_ORDER.indexOf(String(f));
    return i < 0 ? PLURAL_ORDER.length : i;
  };
  for (let index = 0; index < strings.length; index++) {
    if (index % 64 === 0 && sliceOver()) yield;
    const s = strings[index]!;
    const mine = ((s.translations ?? []) as ContextObject[]).filter((t) => t.language === languageId);
    if (!mine.length) continue;
    if (s.typeIsPlural) {
      const byForm = new Map<string, ContextObject>();
      for (const t of mine) {
        const form = String(t.pluralForm);
        const best = byForm.get(form);
        if (!best || compareTranslations(t, best) < 0) byForm.set(form, t);
      }
      const ordered = [...byForm.entries()]
        .filter(([form]) => forms.includes(form) || PLURAL_ORDER.includes(form))
        .sort(([a], [b]) => formRank(a) - formRank(b));
      for (const [, t] of ordered) {
        items.push(t);
        owners.push(index);
      }
    } else {
      let best = mine[0]!;
      for (const t of mine) if (compareTranslations(t, best) < 0) best = t;
      items.push(best);
      owners.push(index);
    }
  }
  return { items, owners: Int32Array.from(owners) };
}
