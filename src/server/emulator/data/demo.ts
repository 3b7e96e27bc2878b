// The seeded demo dataset: a mobile/web shop app localized into uk, de, fr, es, ja. Deterministic for a
// (seed, scale) pair: every string draws from its own generator seeded by (seed, index), so the same string
// comes out the same whatever the scale. Objects are sparse (a false boolean or an empty collection is simply
// absent, as Context JSON allows), are built with their properties at once (so they hold them in place, with
// no separate property store) and share what can be shared (file, branch and label objects, label and
// custom-field sets, approvals, votes, empty arrays, texts); arrays are exactly as long as their items. That
// keeps 1,000,000 strings within 1 GiB of heap. The tables are ./demo-tables.ts; the builders ./demo-strings.ts
// (with ./demo-string.ts, a string as held) and ./demo-tm-glossary.ts; what they share ./demo-time.ts.
import type { ContextObject } from '../../../croql/index.ts';
import { languageInfo, type Dataset } from './model.ts';
import { DEMO_TARGET_LANGUAGES, DEMO_USERS, BRANCHES, DIRECTORIES, FILES, LABELS } from './demo-tables.ts';
import { START, LAST, isoDate } from './demo-time.ts';
import { StringGenerator } from './demo-strings.ts';
import { generateTmSegments, generateTerms } from './demo-tm-glossary.ts';

export { DEMO_TARGET_LANGUAGES, DEMO_USERS } from './demo-tables.ts';
export { isoDate } from './demo-time.ts';

export interface DemoOptions {
  /** Number of source strings (default 2,000). */
  strings?: number;
  seed?: number;
}

// ---------------------------------------------------------------------------------------------------------

export function generateDemoDataset(options: DemoOptions = {}): Dataset {
  const count = Math.max(1, Math.floor(options.strings ?? 2000));
  const seed = options.seed ?? 1;
  const gen = new StringGenerator(seed);
  const strings: ContextObject[] = new Array(count);
  for (let i = 0; i < count; i++) strings[i] = gen.make(i, strings);
  return {
    version: 1,
    users: DEMO_USERS,
    languages: ['en', ...DEMO_TARGET_LANGUAGES].map(languageInfo),
    project: {
      id: 1,
      name: 'Acme Shop',
      identifier: 'acme-shop',
      description: 'Web and mobile shop app (CroQL playground demo project)',
      sourceLanguageId: 'en',
      targetLanguageIds: [...DEMO_TARGET_LANGUAGES],
      createdAt: isoDate(START),
      updatedAt: isoDate(LAST),
    },
    branches: BRANCHES,
    directories: DIRECTORIES,
    files: FILES,
    labels: LABELS,
    strings,
    tms: [
      {
        id: 1,
        name: 'Acme Shop TM',
        languageIds: ['en', ...DEMO_TARGET_LANGUAGES],
        createdAt: isoDate(START),
        segments: generateTmSegments(seed, Math.min(20_000, Math.max(300, Math.floor(count / 4)))),
      },
      {
        id: 2,
        name: 'Legacy TM (empty)',
        languageIds: ['en', 'de'],
        createdAt: isoDate(START),
        segments: [],
      },
    ],
    glossaries: [
      {
        id: 1,
        name: 'Acme Shop glossary',
        languageId: 'en',
        createdAt: isoDate(START),
        terms: generateTerms(seed),
      },
    ],
  };
}
