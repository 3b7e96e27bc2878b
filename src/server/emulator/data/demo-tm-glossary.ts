// The demo translation memory and glossary (./demo.ts): segments built from the vocabulary, and one term
// per language of each of the tables' glossary concepts (./demo-tables.ts).
import type { ContextObject } from '../../../croql/index.ts';
import { seededRandom } from '../../../croql/generate.ts';
import { NOUNS, VERBS, type Lang } from './vocabulary.ts';
import { DEMO_TARGET_LANGUAGES, DEMO_USERS, CONCEPTS, TERM_STATUS_ROTATION } from './demo-tables.ts';
import { DAY, START, isoDate, mix, pick, chance } from './demo-time.ts';
import { composeAction } from './demo-strings.ts';

// ---------------------------------------------------------------------------------------------------------
// Translation memory

export function generateTmSegments(seed: number, count: number): ContextObject[] {
  const segments: ContextObject[] = [];
  let recordId = 1;
  for (let i = 0; i < count; i++) {
    const r = seededRandom(mix(seed, i, 2));
    const noun = pick(r, NOUNS);
    const verb = pick(r, VERBS);
    const created = START - 200 * DAY + Math.floor(r() * 700 * DAY);
    const langs: Lang[] = ['en', ...DEMO_TARGET_LANGUAGES.filter(() => chance(r, 0.55))];
    if (langs.length === 1) langs.push(pick(r, DEMO_TARGET_LANGUAGES));
    const records = langs.map((lang) => {
      const createdBy = pick(r, DEMO_USERS).id;
      const changed = chance(r, 0.3);
      return {
        id: recordId++,
        languageId: lang,
        text: composeAction(lang, verb[lang], noun[lang]),
        usageCount: chance(r, 0.6) ? Math.floor(r() * 40) : 0,
        createdBy,
        updatedBy: changed ? pick(r, DEMO_USERS).id : createdBy,
        createdAt: isoDate(created),
        updatedAt: isoDate(changed ? created + Math.floor(r() * 90 * DAY) : created),
      };
    });
    segments.push({ id: i + 1, records });
  }
  return segments;
}

export function generateTerms(seed: number): ContextObject[] {
  const r = seededRandom(mix(seed, 0, 3));
  const terms: ContextObject[] = [];
  let id = 1;
  CONCEPTS.forEach((c, k) => {
    const concept = k + 1;
    const created = START - 300 * DAY + Math.floor(r() * 700 * DAY);
    const base = (text: string, language: string, extra: ContextObject): ContextObject => {
      const changed = chance(r, 0.4);
      return {
        id: id++,
        text,
        description: c.description,
        language,
        user: pick(r, DEMO_USERS).id,
        partOfSpeech: c.pos,
        status: 'preferred',
        type: 'full_form',
        gender: null,
        note: '',
        lemma: c.lemma ?? text.toLowerCase(),
        url: c.url ?? '',
        concept,
        createdAt: isoDate(created),
        updatedAt: isoDate(changed ? created + Math.floor(r() * 100 * DAY) : created),
        ...extra,
      };
    };
    const deprecated = c.description.includes('do not use');
    terms.push(
      base(c.en, 'en', {
        status: deprecated ? 'obsolete' : 'preferred',
        note: deprecated ? 'Use "sign in".' : '',
      }),
    );
    if (c.abbreviation) {
      terms.push(
        base(c.abbreviation, 'en', {
          type: 'abbreviation',
          note: `Short form of "${c.en}"; fine in tables.`,
          lemma: c.abbreviation,
        }),
      );
    }
    for (const lang of DEMO_TARGET_LANGUAGES) {
      const entry = c.terms[lang];
      if (!entry) continue;
      const [text, gender] = entry;
      terms.push(
        base(text, lang, {
          gender: gender ?? null,
          status: deprecated ? 'not_recommended' : pick(r, TERM_STATUS_ROTATION),
          type: text.length <= 4 && text === text.toUpperCase() ? 'acronym' : 'full_form',
        }),
      );
    }
  });
  return terms;
}
