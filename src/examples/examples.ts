// The documented query patterns (src/croql/corpus.ts) and checks from localization work as examples for the
// signed-in project: the demo values they were written with (users alice and bob, languages uk and de,
// file 3) are replaced by the project's own members, languages and files, so an example matches something
// where it runs. Pure.
import { specQueries } from '../croql/corpus.ts';
import { mentionLiteral } from '../croql/literals.ts';
import type { ListingName, LiveValues } from '../croql/types.ts';

export interface Example {
  listing: ListingName;
  intent: string;
  text: string;
}

/** Label patterns from the editor-filter table (the corpus has none: label ids are per project). */
const LABEL_PATTERNS: readonly { intent: string; text: string }[] = [
  { intent: 'with a label', text: 'count of labels where (id = {label}) > 0' },
  { intent: 'without a label', text: 'count of labels where (id = {label}) = 0' },
];

/**
 * Checks a localization team runs, written only with fields the service's CroQL page documents for the
 * strings listing (examples.test.ts holds each to the core's checker on both editions). CroQL has no length
 * function and no glossary lookup, so over-length reads the service's length QA check (the QA checks page:
 * "longer than the character limit set for the string"), and the terminology check is a template taking
 * the term and its approved equivalent.
 */
const TRADE_PATTERNS: readonly { intent: string; text: string }[] = [
  {
    intent: 'terminology check: the source has a term, no translation in a language has its equivalent',
    text:
      'text contains {{term}} and count of translations where (language = {{lang}}) > 0 and ' +
      'count of translations where (language = {{lang}} and text contains {{equivalent}}) = 0',
  },
  {
    intent: 'changed after approval: a translation added after the approved one',
    text: 'count of languages summary where (language = @language:"uk" and has translation after approval) > 0',
  },
  {
    intent: 'approved, then the source text changed',
    text:
      'count of languages summary where (language = @language:"uk" and is approved and ' +
      'is source changed after translation) > 0',
  },
  {
    intent: 'translations longer than the max length (the length QA check)',
    text:
      'max length > 0 and count of languages summary where (language = @language:"uk" and ' +
      'has translation length qa issues) > 0',
  },
];

/** The corpus text with the project's values in place of the demo ones. */
export function fillExample(text: string, values: LiveValues): string {
  const users = values.users ?? [];
  const languages = values.languages ?? [];
  const user = (demo: string) => {
    const index = demo.toLowerCase() === 'bob' ? 1 : 0;
    return users[index]?.username ?? users[0]?.username ?? demo;
  };
  const language = (demo: string) => {
    const index = demo === 'de' ? 1 : 0;
    return languages[index]?.id ?? languages[0]?.id ?? demo;
  };
  return text
    .replace(/@user:"([^"]*)"/g, (_, name: string) => mentionLiteral('user', user(name)))
    .replace(/@language:"([^"]*)"/g, (_, code: string) => mentionLiteral('language', language(code)))
    .replace(/id of file = \d+/g, (m) => (values.files?.[0] ? `id of file = ${values.files[0].id}` : m));
}

/** Every example for the listing, filled with the project's values (label examples need a label). */
export function examplesFor(listing: ListingName, values: LiveValues): Example[] {
  const fromCorpus = specQueries
    .filter((q) => q.context === listing)
    .map((q) => ({ listing, intent: q.intent, text: fillExample(q.text, values) }));
  const label = values.labels?.[0];
  const labels =
    listing === 'strings' && label
      ? LABEL_PATTERNS.map((p) => ({
          listing,
          intent: `${p.intent} (“${label.title}”)`,
          text: p.text.replace('{label}', String(label.id)),
        }))
      : [];
  const trade =
    listing === 'strings'
      ? TRADE_PATTERNS.map((p) => ({ listing, intent: p.intent, text: fillExample(p.text, values) }))
      : [];
  return [...trade, ...fromCorpus, ...labels];
}

/** A few short ones for the empty editor. */
export function starterExamples(listing: ListingName, values: LiveValues, count = 3): Example[] {
  return examplesFor(listing, values)
    .filter((e) => e.text.length <= 70)
    .sort((a, b) => a.text.length - b.text.length)
    .slice(0, count);
}
