// The demo dataset's tables (./demo.ts): its target languages and members, the project's branches,
// directories, files and labels, who translates what and how much, and the glossary's concepts. Data only;
// the strings, memory and glossary are built from them by ./demo-strings.ts and ./demo-tm-glossary.ts.
import type { DemoUser, FileInfo, LabelInfo } from './model.ts';
import { QA_FLAGS } from './summary.ts';
import { DAY, START, isoDate } from './demo-time.ts';

export const DEMO_TARGET_LANGUAGES = ['uk', 'de', 'fr', 'es', 'ja'] as const;
export type Target = (typeof DEMO_TARGET_LANGUAGES)[number];

export const DEMO_USERS: DemoUser[] = [
  user(1, 'alice', 'Alice Anderson', 'owner'),
  user(2, 'bob', 'Bob Brown', 'translator'),
  user(3, 'carol', 'Carol Chen', 'translator'),
  user(4, 'dmitro', 'Dmitro Kovalenko', 'proofreader'),
  user(5, 'emma', 'Emma Schmidt', 'proofreader'),
];

function user(id: number, username: string, fullName: string, role: string): DemoUser {
  return { id, username, fullName, role, avatarUrl: `https://i.pravatar.cc/64?u=${username}` };
}

// ---------------------------------------------------------------------------------------------------------
// Project structure

export const BRANCHES = [
  { id: 1, name: 'main', title: 'Main', createdAt: isoDate(START) },
  { id: 2, name: 'feature-onboarding', title: 'New onboarding flow', createdAt: isoDate(START + 300 * DAY) },
];

export const DIRECTORIES = [
  { id: 1, name: 'web', branchId: 1, path: '/main/web' },
  { id: 2, name: 'mobile', branchId: 1, path: '/main/mobile' },
  { id: 3, name: 'web', branchId: 2, path: '/feature-onboarding/web' },
];

export const FILES: FileInfo[] = [
  file(1, 'app.json', 'Web app', 'json', 'Main web application UI', 1, 1),
  file(2, 'common.json', 'Shared', 'json', 'Strings shared by web and mobile', 1, 1),
  file(3, 'checkout.json', 'Checkout', 'json', 'Cart, checkout and payment screens', 1, 1),
  file(4, 'strings.xml', 'Android', 'android', 'Android app resources', 1, 2),
  file(5, 'Localizable.strings', 'iOS', 'macosx', 'iOS app resources', 1, 2),
  file(6, 'emails.yml', 'Emails', 'yaml', 'Transactional email templates', 1, 1),
  file(7, 'onboarding.json', 'Onboarding', 'json', 'New onboarding screens', 2, 3),
  file(8, 'app.json', 'Web app (onboarding branch)', 'json', 'Main web application UI', 2, 3),
];
/** Relative share of strings per file (same order as FILES). */
export const FILE_WEIGHTS = [30, 18, 14, 12, 10, 6, 6, 4];

function file(
  id: number,
  name: string,
  title: string,
  type: string,
  context: string,
  branchId: number,
  directoryId: number,
): FileInfo {
  const dir = DIRECTORIES.find((d) => d.id === directoryId)!;
  return { id, name, title, type, context, branchId, directoryId, path: `${dir.path}/${name}` };
}

export const LABELS: LabelInfo[] = [
  { id: 1, title: 'ui', isSystem: false },
  { id: 2, title: 'button', isSystem: false },
  { id: 3, title: 'error', isSystem: false },
  { id: 4, title: 'marketing', isSystem: false },
  { id: 5, title: 'legal', isSystem: false },
  { id: 6, title: 'release-2.0', isSystem: false },
  { id: 7, title: 'needs-review', isSystem: false },
];

export const PLURAL_FORMS: Record<Target, string[]> = {
  uk: ['one', 'few', 'many', 'other'],
  de: ['one', 'other'],
  fr: ['one', 'other'],
  es: ['one', 'other'],
  ja: ['other'],
};
/** Share of strings translated into each language: the project is at different stages per language. */
export const COVERAGE: Record<Target, number> = { uk: 0.82, de: 0.74, fr: 0.6, es: 0.48, ja: 0.33 };
/** Translators per language and the proofreader who approves there. */
export const TEAM: Record<Target, { translators: number[]; proofreader: number }> = {
  uk: { translators: [4, 2], proofreader: 4 },
  de: { translators: [5, 3], proofreader: 5 },
  fr: { translators: [3, 2], proofreader: 1 },
  es: { translators: [3, 5], proofreader: 2 },
  ja: { translators: [3, 5], proofreader: 1 },
};
export const MT = ['deepl', 'google', 'microsoft'];
export const QA_KINDS = QA_FLAGS;
/** Enterprise custom fields, shared by the strings that carry them. */
export const CUSTOM_FIELDS = ['High', 'Medium', 'Low'].map((value) =>
  Object.freeze({ name: 'Priority', slug: 'priority', value, type: 'select' }),
);
export const FIELD_SETS = CUSTOM_FIELDS.map((field) => Object.freeze([field]));
/** Comment issue kinds of the editor: general question, wrong translation, missing context, source mistake. */
export const ISSUE_TYPES = ['general_question', 'translation_mistake', 'context_request', 'source_mistake'];

// ---------------------------------------------------------------------------------------------------------
// Glossary: concepts with one term per language (some with an abbreviation or a variant).

interface ConceptSeed {
  en: string;
  pos: string;
  description: string;
  url?: string;
  terms: Partial<Record<Target, [text: string, gender?: string]>>;
  abbreviation?: string;
  lemma?: string;
}

export const CONCEPTS: ConceptSeed[] = [
  {
    en: 'cart',
    pos: 'noun',
    description: 'The list of items a customer intends to buy.',
    url: 'https://en.wikipedia.org/wiki/Shopping_cart_software',
    terms: {
      uk: ['кошик', 'masculine'],
      de: ['Warenkorb', 'masculine'],
      fr: ['panier', 'masculine'],
      es: ['carrito', 'masculine'],
      ja: ['カート'],
    },
  },
  {
    en: 'shopping cart',
    pos: 'noun',
    description: 'Full form of "cart".',
    terms: { de: ['Einkaufswagen', 'masculine'], fr: ['panier d’achat', 'masculine'] },
  },
  {
    en: 'checkout',
    pos: 'noun',
    description: 'The final step where the customer pays.',
    url: 'https://en.wikipedia.org/wiki/Checkout',
    terms: {
      uk: ['оформлення замовлення', 'neuter'],
      de: ['Kasse', 'feminine'],
      fr: ['paiement', 'masculine'],
      es: ['pago', 'masculine'],
      ja: ['チェックアウト'],
    },
  },
  {
    en: 'run',
    pos: 'verb',
    lemma: 'run',
    description: 'Start a job such as an export or a test run.',
    terms: {
      uk: ['запустити'],
      de: ['Run', 'masculine'],
      fr: ['exécuter'],
      es: ['ejecutar'],
      ja: ['実行する'],
    },
  },
  {
    en: 'save',
    pos: 'verb',
    description: 'Keep changes.',
    terms: { uk: ['зберегти'], de: ['speichern'], fr: ['enregistrer'], es: ['guardar'], ja: ['保存する'] },
  },
  {
    en: 'fast',
    pos: 'adj',
    description: 'Quick delivery option.',
    terms: { uk: ['швидкий'], de: ['schnell'], fr: ['rapide'], es: ['rápido'], ja: ['速い'] },
  },
  {
    en: 'Acme',
    pos: 'propn',
    description: 'Company name; never translate.',
    terms: { uk: ['Acme'], de: ['Acme'], fr: ['Acme'], es: ['Acme'], ja: ['Acme'] },
  },
  {
    en: 'stock keeping unit',
    pos: 'noun',
    description: 'Identifier of a product variant.',
    abbreviation: 'SKU',
    url: 'https://en.wikipedia.org/wiki/Stock_keeping_unit',
    terms: { de: ['Artikelnummer', 'feminine'], fr: ['unité de gestion des stocks', 'feminine'] },
  },
  {
    en: 'value-added tax',
    pos: 'noun',
    description: 'Consumption tax shown on invoices.',
    abbreviation: 'VAT',
    url: 'https://en.wikipedia.org/wiki/Value-added_tax',
    terms: { uk: ['ПДВ'], de: ['MwSt.', 'feminine'], fr: ['TVA', 'feminine'], es: ['IVA', 'masculine'] },
  },
  {
    en: 'quickly',
    pos: 'adv',
    description: 'In a short time.',
    terms: { de: ['schnell'], fr: ['rapidement'], es: ['rápidamente'] },
  },
  {
    en: 'with',
    pos: 'adp',
    description: 'Preposition used in "pay with".',
    terms: { de: ['mit'], fr: ['avec'], es: ['con'] },
  },
  {
    en: 'and',
    pos: 'cconj',
    description: 'Coordinating conjunction.',
    terms: { uk: ['і'], de: ['und'], fr: ['et'], es: ['y'] },
  },
  {
    en: 'one',
    pos: 'num',
    description: 'The number one.',
    terms: { uk: ['один'], de: ['eins'], fr: ['un'], es: ['uno'], ja: ['一'] },
  },
  {
    en: 'oops',
    pos: 'intj',
    description: 'Friendly error exclamation.',
    terms: { uk: ['ой'], de: ['hoppla'], fr: ['oups'], es: ['ups'] },
  },
  {
    en: 'order',
    pos: 'noun',
    description: 'A purchase placed by a customer.',
    terms: {
      uk: ['замовлення', 'neuter'],
      de: ['Bestellung', 'feminine'],
      fr: ['commande', 'feminine'],
      es: ['pedido', 'masculine'],
      ja: ['注文'],
    },
  },
  {
    en: 'wishlist',
    pos: 'noun',
    description: 'Saved items to buy later.',
    terms: {
      uk: ['список бажань', 'masculine'],
      de: ['Wunschliste', 'feminine'],
      fr: ['liste de souhaits', 'feminine'],
      es: ['lista de deseos', 'feminine'],
    },
  },
  {
    en: 'sign in',
    pos: 'verb',
    description: 'Authenticate to an account.',
    terms: {
      uk: ['увійти'],
      de: ['anmelden'],
      fr: ['se connecter'],
      es: ['iniciar sesión'],
      ja: ['サインイン'],
    },
  },
  {
    en: 'log in',
    pos: 'verb',
    description: 'Old wording of "sign in"; do not use.',
    terms: { de: ['einloggen'], fr: ['s’identifier'] },
  },
  {
    en: 'this',
    pos: 'det',
    description: 'Determiner.',
    terms: { de: ['dieser'], fr: ['ce'], es: ['este'] },
  },
  {
    en: 'you',
    pos: 'pron',
    description: 'Formal or informal address; see style guide.',
    terms: { uk: ['ви'], de: ['Sie'], fr: ['vous'], es: ['tú'] },
  },
];

export const TERM_STATUS_ROTATION = [
  'preferred',
  'preferred',
  'admitted',
  'draft',
  'preferred',
  'not_recommended',
  'obsolete',
];
