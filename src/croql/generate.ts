// A small, pure, seeded generator of source-string contexts (Context JSON) for benches and property tests.
// Same seed, same data. The emulator has its own richer demo data; this one only needs realistic shapes.
import type { ContextObject } from './types.ts';

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const GENERATED_LANGUAGES = ['uk', 'de', 'fr', 'es', 'ja'] as const;
export const GENERATED_USERS = [
  { id: 1, username: 'alice' },
  { id: 2, username: 'bob' },
  { id: 3, username: 'carol' },
  { id: 4, username: 'dmitro' },
  { id: 5, username: 'emma' },
] as const;

const WORDS = [
  'Save',
  'Cancel',
  'Open',
  'file',
  'settings',
  'changes',
  'Delete',
  'item',
  'user',
  'Hello',
  'world',
  'Close',
];
const START = Date.UTC(2023, 0, 1);
const SPAN = Date.UTC(2025, 0, 1) - START;

export function generateStrings(count: number, seed = 42): ContextObject[] {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (n: number) => Math.floor(rnd() * n);
  const iso = () => new Date(START + Math.floor(rnd() * SPAN)).toISOString().replace('.000Z', '+00:00');
  const sentence = () => Array.from({ length: 1 + int(4) }, () => pick(WORDS)).join(' ');
  const out: ContextObject[] = [];
  for (let i = 1; i <= count; i++) {
    const plural = rnd() < 0.05;
    const translations = Array.from({ length: int(7) }, () => ({
      language: pick(GENERATED_LANGUAGES),
      text: sentence(),
      pluralForm: null,
      isPreTranslated: rnd() < 0.2,
      provider: rnd() < 0.2 ? 'tm' : null,
      user: 1 + int(5),
      votes: Array.from({ length: int(4) }, () => ({
        isUp: rnd() < 0.7,
        isDown: false,
        user: 1 + int(5),
        added: iso(),
      })),
      approvals: Array.from({ length: rnd() < 0.3 ? 1 + int(2) : 0 }, () => ({
        user: 1 + int(5),
        added: iso(),
      })),
      updated: iso(),
    }));
    const languages = [...new Set(translations.map((t) => t.language))];
    out.push({
      id: i,
      identifier: `key.${i}`,
      text: plural ? { one: `{n} ${pick(WORDS)}`, other: `{n} ${pick(WORDS)}s` } : sentence(),
      context: rnd() < 0.3 ? sentence() : null,
      maxLength: rnd() < 0.2 ? 10 + int(50) : 0,
      typeIsPlain: !plural,
      typeIsPlural: plural,
      typeIsIcu: false,
      typeIsAsset: false,
      isVisible: true,
      isHidden: rnd() < 0.2,
      isDuplicate: rnd() < 0.15,
      file: { id: 1 + int(10), name: `file${1 + int(10)}.json`, title: null, type: 'json', context: null },
      branch: null,
      comments: Array.from({ length: int(4) }, () => {
        const hasIssue = rnd() < 0.3;
        return { hasIssue, hasUnresolvedIssue: hasIssue && rnd() < 0.5, user: 1 + int(5) };
      }),
      screenshots: [],
      translations,
      languagesSummary: languages.map((language) => ({
        language,
        isTranslated: true,
        isApproved: rnd() < 0.3,
        approvalsCount: int(3),
        rating: int(5) - 1,
        hasQaIssues: rnd() < 0.1,
        translationUpdated: iso(),
      })),
      labels: [],
      added: iso(),
      updated: iso(),
    });
  }
  return out;
}
