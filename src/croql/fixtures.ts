// A small hand-made data set in the Context JSON format (README.md, "Types and evaluation"), for evaluator, explain and
// completion tests. Answers to queries over it are computed by hand in compile.test.ts.
import type { ContextObject, EvalEnv } from './types.ts';

export const fixtureEnv: EvalEnv = {
  users: [
    { id: 1, username: 'alice' },
    { id: 2, username: 'bob' },
    { id: 3, username: 'carol' },
    { id: 4, username: 'Dmitro' },
    { id: 5, username: 'emma' },
  ],
  languages: ['uk', 'de', 'fr', 'es', 'ja'],
  now: new Date('2024-06-15T13:45:00Z'),
};

/** Source strings, ids 1..6. */
export const fixtureStrings: ContextObject[] = [
  {
    id: 1,
    identifier: 'button.save',
    text: 'Save changes',
    context: 'Toolbar button',
    maxLength: 20,
    typeIsPlain: true,
    isVisible: true,
    file: { id: 10, name: 'app.json', title: 'App', type: 'json' },
    branch: { id: 1, name: 'main', title: 'Main' },
    comments: [{ hasIssue: true, hasUnresolvedIssue: true, user: 2 }],
    screenshots: [{}],
    labels: [{ id: 7, title: 'ui', isSystem: false }],
    translations: [
      {
        language: 'uk',
        text: 'Зберегти зміни',
        user: 1,
        provider: null,
        votes: [
          { isUp: true, user: 2, added: '2024-05-01T10:00:00+00:00' },
          { isUp: true, user: 3, added: '2024-05-02T10:00:00+00:00' },
        ],
        approvals: [{ user: 3, added: '2024-05-03T10:00:00+00:00' }],
        updated: '2024-05-01T09:00:00+00:00',
      },
      { language: 'de', text: 'Änderungen speichern', user: 1, votes: [], approvals: [] },
    ],
    languagesSummary: [
      {
        language: 'uk',
        isTranslated: true,
        isApproved: true,
        approvalsCount: 1,
        rating: 2,
        translationUpdated: '2024-05-01T09:00:00+00:00',
      },
      {
        language: 'de',
        isTranslated: true,
        isTranslatedByMt: true,
        isAutoTranslated: true,
        rating: 0,
        translationUpdated: '2024-02-10T00:00:00+00:00',
      },
    ],
    added: '2024-01-10T08:00:00+00:00',
    updated: '2024-06-15T08:00:00+00:00',
  },
  {
    id: 2,
    identifier: 'items.count',
    text: { one: '{n} item', other: '{n} items' },
    typeIsPlural: true,
    isVisible: true,
    file: { id: 10, name: 'app.json' },
    translations: [
      { language: 'uk', pluralForm: 'one', text: '{n} елемент', user: 2, votes: [{ isDown: true, user: 1 }] },
      { language: 'uk', pluralForm: 'few', text: '{n} елементи', user: 2 },
    ],
    languagesSummary: [
      { language: 'uk', isPartiallyTranslated: true, hasQaIssues: true, hasSpellingQaIssues: true },
    ],
    labels: [
      { id: 7, title: 'ui' },
      { id: 8, title: 'app.json', isSystem: true },
    ],
    added: '2024-03-01 12:00:00',
    updated: '2024-03-01T12:00:00Z',
  },
  {
    id: 3,
    identifier: 'legal.terms',
    text: 'Terms of Service',
    typeIsIcu: true,
    isHidden: true,
    isDuplicate: true,
    maxLength: 0,
    file: { id: 11, name: 'legal.json' },
    comments: [{ hasIssue: true, user: 1 }, { user: 5 }],
    translations: [
      { language: 'de', text: 'Nutzungsbedingungen', user: 3, approvals: [{ user: 1 }] },
      { language: 'fr', text: 'Terms of Service', user: 4 },
    ],
    languagesSummary: [
      { language: 'de', isTranslated: true, isApproved: true, approvalsCount: 1, hasSharedTranslation: true },
      {
        language: 'fr',
        isTranslated: true,
        hasTranslationAsSource: true,
        isSourceChangedAfterTranslation: true,
      },
    ],
    added: '2023-11-20T00:00:00+00:00',
  },
  {
    // Almost empty: every missing key takes its default (false, empty, null).
    id: 4,
    identifier: 'empty.one',
  },
  {
    id: 5,
    identifier: 'greeting',
    text: 'Hello, World',
    typeIsPlain: true,
    isHidden: true,
    maxLength: 5,
    file: { id: 12, name: 'web.json' },
    translations: [{ language: 'ja', text: 'こんにちは', user: 5, isPreTranslated: true, provider: 'deepl' }],
    languagesSummary: [
      { language: 'ja', isTranslated: true, isTranslatedByMt: true, hasTranslationAfterApproval: true },
    ],
    added: '2024-06-15T00:00:00+00:00',
    updated: '2024-06-14T23:59:59+00:00',
  },
  {
    id: 6,
    identifier: 'farewell',
    text: 'Goodbye',
    typeIsPlain: true,
    isDuplicate: true,
    file: { id: 12, name: 'web.json' },
    translations: [
      { language: 'uk', text: 'До побачення', user: 2 },
      { language: 'de', text: 'Auf Wiedersehen', user: 2 },
      { language: 'fr', text: 'Au revoir', user: 2 },
    ],
    languagesSummary: [
      { language: 'uk', isTranslated: true, hasSharedTranslation: true },
      { language: 'de', isTranslated: true },
      { language: 'fr', isTranslated: true, isApproved: true },
    ],
    added: '2024-06-01T00:00:00+00:00',
  },
];

/** Translations in one language (the translations listing). */
export const fixtureTranslations: ContextObject[] = [
  {
    text: 'Зберегти',
    user: 1,
    provider: 'tm',
    isPreTranslated: true,
    votes: [{ isUp: true }, { isUp: true }],
    updated: '2024-01-01T00:00:00Z',
  },
  { text: 'Скасувати', user: 2, votes: [{ isDown: true }], approvals: [{ user: 1 }] },
  { text: 'Вийти', user: 3, pluralForm: 'other' },
];

export const fixtureTmSegments: ContextObject[] = [
  {
    id: 1,
    records: [
      { id: 11, text: 'Save', usageCount: 3, createdBy: 1, updatedBy: 2, createdAt: '2023-01-01T00:00:00Z' },
      { id: 12, text: 'Зберегти', usageCount: 0, createdBy: 2 },
    ],
  },
  { id: 2, records: [{ id: 21, text: 'Cancel', createdBy: 3 }] },
  { id: 3 },
];

export const fixtureTerms: ContextObject[] = [
  {
    id: 1,
    text: 'cart',
    language: 'en',
    user: 1,
    partOfSpeech: 'noun',
    status: 'preferred',
    type: 'full_form',
    note: 'Shopping cart',
    createdAt: '2024-02-01T00:00:00Z',
  },
  {
    id: 2,
    text: 'ASAP',
    language: 'en',
    user: 2,
    status: 'obsolete',
    type: 'abbreviation',
    note: 'As soon as possible',
    url: 'https://en.wikipedia.org/wiki/ASAP',
  },
  {
    id: 3,
    text: 'кошик',
    language: 'uk',
    user: 1,
    partOfSpeech: 'noun',
    status: 'not_recommended',
    lemma: 'кошик',
    createdAt: '2024-07-01T00:00:00Z',
  },
];
