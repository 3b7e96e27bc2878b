// The seeded demo dataset: a mobile/web shop app localized into uk, de, fr, es, ja. Deterministic for a
// (seed, scale) pair: every string draws from its own generator seeded by (seed, index), so the same string
// comes out the same whatever the scale. Objects are sparse (a false boolean or an empty collection is simply
// absent, as Context JSON allows), are built with their properties at once (so they hold them in place, with
// no separate property store) and share what can be shared (file, branch and label objects, label and
// custom-field sets, approvals, votes, empty arrays, texts); arrays are exactly as long as their items. That
// keeps 1,000,000 strings within 1 GiB of heap.
import type { ContextObject } from '../../../croql/index.ts';
import { seededRandom } from '../../../croql/generate.ts';
import { languageInfo, type Dataset, type DemoUser, type FileInfo, type LabelInfo } from './model.ts';
import { flagBit, packSummary, QA_FLAGS, summaryBuilder, unpackSummary } from './summary.ts';
import {
  AREAS,
  BRAND_TEXTS,
  CONTEXTS,
  NOUNS,
  SENTENCES,
  VERBS,
  slug,
  type Lang,
  type Noun,
} from './vocabulary.ts';

export interface DemoOptions {
  /** Number of source strings (default 2,000). */
  strings?: number;
  seed?: number;
}

export const DEMO_TARGET_LANGUAGES = ['uk', 'de', 'fr', 'es', 'ja'] as const;
type Target = (typeof DEMO_TARGET_LANGUAGES)[number];

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

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
/** Dates stop here, so the data does not change with the day it is generated. */
const LAST = Date.UTC(2025, 9, 31);

const HOUR = 3_600_000;
const dateTexts: string[] = [];
const FIRST_HOUR = Math.floor((START - 400 * 86_400_000) / HOUR);

/**
 * ISO 8601 with an explicit offset, as the service writes datetimes. Demo times are whole hours plus a
 * fixed minute offset, so the few thousand distinct texts are built once and shared by every object.
 */
export function isoDate(ms: number): string {
  return slotDate(hourSlot(ms));
}

/** The demo hour of a time: hours since FIRST_HOUR, times after LAST counting as LAST. */
function hourSlot(ms: number): number {
  return Math.floor(Math.min(ms, LAST) / HOUR) - FIRST_HOUR;
}

function slotDate(slot: number): string {
  let text = dateTexts[slot];
  if (text === undefined) {
    const hour = slot + FIRST_HOUR;
    text = new Date(hour * HOUR + ((hour * 7) % 60) * 60_000).toISOString().replace(/\.\d{3}Z$/, '+00:00');
    if (slot >= 0) dateTexts[slot] = text;
  }
  return text;
}

function mix(seed: number, index: number, salt: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(salt, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const chance = (r: Rand, p: number) => r() < p;
const EMPTY: readonly unknown[] = Object.freeze([]);

/** Builds each distinct value once: values are shared by every object that has them, and never changed. */
class Interned<T> {
  private values = new Map<number, T>();
  /** `key` is a number that tells the values apart (no key text to build for each of millions of calls). */
  get(key: number, make: () => T): T {
    let value = this.values.get(key);
    if (value === undefined) this.values.set(key, (value = make()));
    return value;
  }
}

/** A copy without the spare capacity `push` leaves (up to 16 slots, 128 bytes, per array). */
const exact = <T>(list: T[]): T[] => list.slice();

/** The string whose summary was read last, and that summary: a query reads it a few times in a row. */
let lastRead: { owner: object; summary: readonly ContextObject[] } | null = null;

/** What a demo string is built from. */
type DemoStringFields = Omit<DemoString, 'summary' | 'languagesSummary' | 'toJSON'>;

/**
 * A demo string: its fields as own properties, assigned one by one in the constructor so every string has
 * them in place in one layout (a query reads them all alike), and `languagesSummary` read from one packed
 * number per language, a fifth of the room of the objects. It serialises to JSON as Context JSON.
 */
class DemoString {
  declare id: number;
  declare identifier: string;
  declare text: unknown;
  declare context: string;
  declare maxLength: number;
  declare typeIsPlain: boolean;
  declare typeIsPlural: boolean;
  declare typeIsIcu: boolean;
  declare isVisible: boolean;
  declare isHidden: boolean;
  declare isDuplicate: boolean;
  declare masterStringId: unknown;
  declare file: unknown;
  declare branch: unknown;
  declare directoryId: unknown;
  declare labels: readonly unknown[];
  declare added: string;
  declare updated: string | null;
  declare revision: number;
  declare screenshots: readonly unknown[];
  declare comments: readonly unknown[];
  declare translations: readonly unknown[];
  declare isPassedWorkflow: boolean;
  declare fields: readonly unknown[];
  declare readonly summary: readonly number[];

  constructor(f: DemoStringFields, summary: readonly number[]) {
    this.id = f.id;
    this.identifier = f.identifier;
    this.text = f.text;
    this.context = f.context;
    this.maxLength = f.maxLength;
    this.typeIsPlain = f.typeIsPlain;
    this.typeIsPlural = f.typeIsPlural;
    this.typeIsIcu = f.typeIsIcu;
    this.isVisible = f.isVisible;
    this.isHidden = f.isHidden;
    this.isDuplicate = f.isDuplicate;
    this.masterStringId = f.masterStringId;
    this.file = f.file;
    this.branch = f.branch;
    this.directoryId = f.directoryId;
    this.labels = f.labels;
    this.added = f.added;
    this.updated = f.updated;
    this.revision = f.revision;
    this.screenshots = f.screenshots;
    this.comments = f.comments;
    this.translations = f.translations;
    this.isPassedWorkflow = f.isPassedWorkflow;
    this.fields = f.fields;
    // Not a field: out of enumeration and JSON.
    Object.defineProperty(this, 'summary', { value: summary });
  }

  get languagesSummary(): readonly ContextObject[] {
    if (lastRead?.owner !== this) lastRead = { owner: this, summary: readSummary(this.summary) };
    return lastRead.summary;
  }

  toJSON(): DemoStringFields & { languagesSummary: readonly ContextObject[] } {
    return { ...this, languagesSummary: this.languagesSummary };
  }
}

function readSummary(codes: readonly number[]): readonly ContextObject[] {
  if (!codes.length) return EMPTY as readonly ContextObject[];
  return codes.map((code) => {
    const p = unpackSummary(code);
    return summaryBuilder(p.flags)(
      DEMO_TARGET_LANGUAGES[p.language]!,
      slotDate(p.hour),
      p.rating,
      p.approvalsCount,
    );
  });
}

// ---------------------------------------------------------------------------------------------------------
// Project structure

const BRANCHES = [
  { id: 1, name: 'main', title: 'Main', createdAt: isoDate(START) },
  { id: 2, name: 'feature-onboarding', title: 'New onboarding flow', createdAt: isoDate(START + 300 * DAY) },
];

const DIRECTORIES = [
  { id: 1, name: 'web', branchId: 1, path: '/main/web' },
  { id: 2, name: 'mobile', branchId: 1, path: '/main/mobile' },
  { id: 3, name: 'web', branchId: 2, path: '/feature-onboarding/web' },
];

const FILES: FileInfo[] = [
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
const FILE_WEIGHTS = [30, 18, 14, 12, 10, 6, 6, 4];

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

const LABELS: LabelInfo[] = [
  { id: 1, title: 'ui', isSystem: false },
  { id: 2, title: 'button', isSystem: false },
  { id: 3, title: 'error', isSystem: false },
  { id: 4, title: 'marketing', isSystem: false },
  { id: 5, title: 'legal', isSystem: false },
  { id: 6, title: 'release-2.0', isSystem: false },
  { id: 7, title: 'needs-review', isSystem: false },
];

const PLURAL_FORMS: Record<Target, string[]> = {
  uk: ['one', 'few', 'many', 'other'],
  de: ['one', 'other'],
  fr: ['one', 'other'],
  es: ['one', 'other'],
  ja: ['other'],
};
/** Share of strings translated into each language: the project is at different stages per language. */
const COVERAGE: Record<Target, number> = { uk: 0.82, de: 0.74, fr: 0.6, es: 0.48, ja: 0.33 };
/** Translators per language and the proofreader who approves there. */
const TEAM: Record<Target, { translators: number[]; proofreader: number }> = {
  uk: { translators: [4, 2], proofreader: 4 },
  de: { translators: [5, 3], proofreader: 5 },
  fr: { translators: [3, 2], proofreader: 1 },
  es: { translators: [3, 5], proofreader: 2 },
  ja: { translators: [3, 5], proofreader: 1 },
};
const MT = ['deepl', 'google', 'microsoft'];
const QA_KINDS = QA_FLAGS;
/** Enterprise custom fields, shared by the strings that carry them. */
const CUSTOM_FIELDS = ['High', 'Medium', 'Low'].map((value) =>
  Object.freeze({ name: 'Priority', slug: 'priority', value, type: 'select' }),
);
const FIELD_SETS = CUSTOM_FIELDS.map((field) => Object.freeze([field]));
/** Comment issue kinds of the editor: general question, wrong translation, missing context, source mistake. */
const ISSUE_TYPES = ['general_question', 'translation_mistake', 'context_request', 'source_mistake'];

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

interface Phrase {
  kind: 'plain' | 'plural' | 'icu';
  en: string | Record<string, string>;
  translate: (lang: Target, form?: string) => string;
  slug: string;
  hasSameAsSource?: boolean;
  /** Translations built so far, by language and plural form (see LANG_SLOT, FORM_SLOT). */
  texts: string[];
  /** Identifier prefixes built so far (`area.slug`), by area. */
  prefixes: Map<string, string>;
}

const LANG_SLOT: Record<Target, number> = { uk: 0, de: 1, fr: 2, es: 3, ja: 4 };
const FORM_SLOT: Record<string, number> = { zero: 0, one: 1, two: 2, few: 3, many: 4, other: 5 };

/** Texts are built once per combination and shared by every string that uses them. */
class PhraseBook {
  private cache = new Map<string, Phrase>();
  private texts = new Map<string, string>();

  text(key: string, make: () => string): string {
    let t = this.texts.get(key);
    if (t === undefined) this.texts.set(key, (t = make()));
    return t;
  }

  phrase(key: string, make: () => Omit<Phrase, 'texts' | 'prefixes'>): Phrase {
    let p = this.cache.get(key);
    if (!p) this.cache.set(key, (p = { ...make(), texts: [], prefixes: new Map() }));
    return p;
  }
}

class StringGenerator {
  private book = new PhraseBook();
  private labelSets = new Interned<readonly LabelInfo[]>();
  private approvals = new Interned<readonly ContextObject[]>();
  private votes = new Interned<ContextObject>();
  /** The phrase of each string so far (duplicates reuse their master's). */
  private phrases: Phrase[] = [];
  private nextTranslationId = 1;
  private nextCommentId = 1;
  private nextScreenshotId = 1;
  private fileTotal = FILE_WEIGHTS.reduce((a, b) => a + b, 0);
  private fileObjects = FILES.map((f) => ({
    id: f.id,
    name: f.name,
    title: f.title,
    type: f.type,
    context: f.context,
  }));
  private branchObjects = BRANCHES.map((b) => ({ id: b.id, name: b.name, title: b.title }));

  constructor(private seed: number) {}

  make(i: number, done: ContextObject[]): ContextObject {
    const r = seededRandom(mix(this.seed, i, 1));
    const id = i + 1;
    const fileIndex = this.pickFile(r);
    const fileInfo = FILES[fileIndex]!;
    const added = START + Math.floor(r() * 540 * DAY) + Math.floor(r() * DAY);
    const updated = chance(r, 0.45) ? added + Math.floor(r() * 160 * DAY) : null;

    // A duplicate copies an earlier (master) string's text; half of them share its translations.
    let master: ContextObject | null = null;
    if (i >= 20 && chance(r, 0.06)) {
      master = done[Math.floor(r() * i)]!;
      if (master.isDuplicate) master = done[(master.masterStringId as number) - 1]!;
    }
    const special = i === 2; // string 3 is `button.save` in checkout.json, as the spec's examples assume
    const phrase = master
      ? this.phrases[(master.id as number) - 1]!
      : special
        ? this.book.phrase('save', () => ({
            kind: 'plain',
            en: 'Save',
            slug: 'save',
            translate: (lang) => (lang === 'de' ? 'Speichern' : VERBS[0]![lang]),
          }))
        : this.pickPhrase(r, i);
    this.phrases[i] = phrase;
    const area = pick(r, AREAS);
    // Joined, the identifier is one flat string: a concatenation would keep two parts and flatten them
    // into a third copy the first time a query or a sort compares it.
    let prefix = phrase.prefixes.get(area);
    if (prefix === undefined) phrase.prefixes.set(area, (prefix = `${area}.${phrase.slug}`));
    const identifier = special ? 'button.save' : [prefix, id].join('_');
    const isHidden = chance(r, 0.05);
    const labels = this.pickLabels(r, phrase);
    // The random draws keep the order they have always had, so every seed gives the data it always gave.
    const context = pick(r, CONTEXTS);
    const maxLength = chance(r, 0.2) ? 20 + Math.floor(r() * 10) * 10 : 0;
    const revision = updated === null ? 1 : 2 + Math.floor(r() * 3);
    const screenshots = chance(r, 0.1) ? this.screenshots(r) : null;
    const comments = chance(r, 0.09) ? this.comments(r, added) : null;
    let translations: readonly unknown[];
    let summary: readonly number[];
    if (master && chance(r, 0.5)) {
      translations = (master.translations as unknown[] | undefined) ?? EMPTY;
      const shared = flagBit('hasSharedTranslation');
      summary = (master as unknown as DemoString).summary.map((code) => {
        const packed = unpackSummary(code);
        return packSummary({ ...packed, flags: packed.flags | shared });
      });
    } else {
      [translations, summary] = this.translate(r, phrase, added, updated, maxLength);
    }
    // Enterprise-only fields (in the data whatever the edition; a standard emulator refuses queries on them).
    const approved = flagBit('isApproved');
    const isPassedWorkflow =
      summary.length >= 2 && summary.every((code) => unpackSummary(code).flags & approved);
    const fields = chance(r, 0.3) ? FIELD_SETS[Math.floor(r() * CUSTOM_FIELDS.length)]! : EMPTY;
    // Every string has every property (an empty collection or false where the Context JSON may leave it
    // out), so all share one layout and a query reads them all alike.
    const string = new DemoString(
      {
        id,
        identifier,
        text: phrase.en,
        context,
        maxLength,
        typeIsPlain: phrase.kind === 'plain',
        typeIsPlural: phrase.kind === 'plural',
        typeIsIcu: phrase.kind === 'icu',
        isVisible: !isHidden,
        isHidden,
        isDuplicate: master !== null,
        masterStringId: master ? master.id : null,
        file: this.fileObjects[special ? 2 : fileIndex],
        branch: this.branchObjects[(special ? 1 : (fileInfo.branchId ?? 1)) - 1],
        directoryId: special ? 1 : fileInfo.directoryId,
        labels,
        added: isoDate(added),
        updated: updated === null ? null : isoDate(updated),
        revision,
        screenshots: screenshots ?? EMPTY,
        comments: comments ?? EMPTY,
        translations,
        isPassedWorkflow,
        fields,
      },
      summary,
    );
    return string as unknown as ContextObject;
  }

  private pickFile(r: Rand): number {
    let x = r() * this.fileTotal;
    for (let k = 0; k < FILE_WEIGHTS.length; k++) {
      x -= FILE_WEIGHTS[k]!;
      if (x < 0) return k;
    }
    return 0;
  }

  private pickPhrase(r: Rand, i: number): Phrase {
    const roll = r();
    const noun = pick(r, NOUNS);
    if (roll < 0.05 || i === 7) {
      const brand = pick(r, BRAND_TEXTS);
      return this.book.phrase(`b:${brand}`, () => ({
        kind: 'plain',
        en: brand,
        slug: slug(brand),
        // German, French and Spanish keep brand words as they are; Ukrainian and Japanese quote them.
        translate: (lang) => (lang === 'uk' ? `«${brand}»` : lang === 'ja' ? `「${brand}」` : brand),
        hasSameAsSource: true,
      }));
    }
    if (roll < 0.55) {
      const verb = pick(r, VERBS);
      return this.book.phrase(`v:${verb.en}:${noun.en}`, () => ({
        kind: 'plain',
        en: `${verb.en} ${noun.en}`,
        slug: slug(`${verb.en} ${noun.en}`),
        translate: (lang) => composeAction(lang, verb[lang], noun[lang]),
      }));
    }
    if (roll < 0.78) {
      const k = Math.floor(r() * SENTENCES.length);
      const sentence = SENTENCES[k]!;
      return this.book.phrase(`s:${k}:${noun.en}`, () => ({
        kind: 'plain',
        en: sentence.en(noun.en),
        slug: slug(sentence.en(noun.en)).slice(0, 40),
        translate: (lang) => sentence[lang](noun[lang]),
      }));
    }
    if (roll < 0.9) {
      return this.book.phrase(`p:${noun.en}`, () => ({
        kind: 'plural',
        en: { one: `%d ${noun.en}`, other: `%d ${noun.enPlural}` },
        slug: `${slug(noun.enPlural)}_count`,
        translate: (lang, form) => pluralText(lang, form ?? 'other', noun),
      }));
    }
    return this.book.phrase(`i:${noun.en}`, () => ({
      kind: 'icu',
      en: `{count, plural, one {# ${noun.en}} other {# ${noun.enPlural}}} selected`,
      slug: `${slug(noun.enPlural)}_selected`,
      translate: (lang) => icuText(lang, noun),
    }));
  }

  private pickLabels(r: Rand, phrase: Phrase): readonly unknown[] {
    if (!chance(r, 0.42)) return EMPTY;
    const first = LABELS[phrase.kind === 'plain' && chance(r, 0.5) ? 1 : Math.floor(r() * LABELS.length)]!;
    const second = chance(r, 0.3) ? pick(r, LABELS) : first;
    const set = second === first ? [first] : [first, second];
    return this.labelSets.get(first.id * 64 + second.id, () => Object.freeze(set));
  }

  private screenshots(r: Rand): ContextObject[] {
    const n = 1 + Math.floor(r() * 2);
    return Array.from({ length: n }, () => ({ id: this.nextScreenshotId++ }));
  }

  private comments(r: Rand, added: number): ContextObject[] {
    const n = 1 + Math.floor(r() * 3);
    const list: ContextObject[] = [];
    for (let k = 0; k < n; k++) {
      const isIssue = chance(r, 0.5);
      const c: ContextObject = {
        id: this.nextCommentId++,
        user: pick(r, DEMO_USERS).id,
        added: isoDate(added + Math.floor(r() * 200 * DAY)),
      };
      if (isIssue) {
        c.hasIssue = true;
        c.issueType = pick(r, ISSUE_TYPES);
        if (chance(r, 0.6)) c.hasUnresolvedIssue = true;
      }
      list.push(c);
    }
    return exact(list);
  }

  /** The string's translations and its languages summary. */
  private translate(
    r: Rand,
    phrase: Phrase,
    added: number,
    updated: number | null,
    maxLength: number,
  ): [translations: readonly ContextObject[], summary: readonly number[]] {
    const translations: ContextObject[] = [];
    const summaries: number[] = [];
    for (const lang of DEMO_TARGET_LANGUAGES) {
      if (!chance(r, COVERAGE[lang])) continue;
      const forms = phrase.kind === 'plural' ? PLURAL_FORMS[lang] : [null];
      // A few plural strings are only partly translated.
      const translatedForms =
        phrase.kind === 'plural' && forms.length > 1 && chance(r, 0.15) ? forms.slice(0, 1) : forms;
      const team = TEAM[lang];
      const provider = this.pickProvider(r);
      const translator = provider ? 1 : pick(r, team.translators);
      const when = added + Math.floor(r() * 200 * DAY);
      const approve = chance(r, provider ? 0.25 : 0.5);
      const approvedForms =
        approve && translatedForms.length > 1 && chance(r, 0.2) ? 1 : translatedForms.length;
      let top = null as ContextObject | null;
      let topApprovedAt = 0;
      let latest = 0;
      let afterApproval = false;
      let overLength = false;
      let approvedCount = 0;
      for (let k = 0; k < translatedForms.length; k++) {
        const form = translatedForms[k]!;
        const t = this.translation(r, lang, phrase, form, translator, provider, when, team.translators);
        if (approve && k < approvedForms) {
          const at = when + Math.floor(r() * 20 * DAY);
          t.approvals = this.approvals.get(hourSlot(at) * 8 + team.proofreader, () =>
            Object.freeze([Object.freeze({ user: team.proofreader, added: isoDate(at) })]),
          );
          topApprovedAt = at;
          approvedCount++;
        }
        translations.push(t);
        top ??= t;
        if (maxLength > 0 && String(t.text).length > maxLength) overLength = true;
        latest = Math.max(latest, when);
        // Another member's competing suggestion, sometimes after the approval.
        if (form === null && chance(r, 0.14)) {
          const otherWhen = when + Math.floor(r() * 60 * DAY);
          const other = this.translation(
            r,
            lang,
            phrase,
            form,
            pick(r, team.translators),
            null,
            otherWhen,
            team.translators,
          );
          other.text = this.book.text(`alt|${other.text as string}`, () => variant(other.text as string));
          translations.push(other);
          latest = Math.max(latest, otherWhen);
          if (approve && otherWhen > topApprovedAt) afterApproval = true;
        }
      }
      if (!top) continue;
      let flags = flagBit(translatedForms.length === forms.length ? 'isTranslated' : 'isPartiallyTranslated');
      if (approvedCount > 0) {
        flags |= flagBit(approvedCount === forms.length ? 'isApproved' : 'isPartiallyApproved');
      }
      if (provider) {
        flags |= flagBit('isAutoTranslated');
        flags |= flagBit(
          provider === 'tm'
            ? 'isTranslatedByTm'
            : provider === 'ai'
              ? 'isTranslatedByAi'
              : 'isTranslatedByMt',
        );
      }
      if (updated !== null && updated > latest) flags |= flagBit('isSourceChangedAfterTranslation');
      if (top.text === phrase.en) flags |= flagBit('hasTranslationAsSource');
      if (afterApproval) flags |= flagBit('hasTranslationAfterApproval');
      if (chance(r, 0.08)) {
        flags |= flagBit(pick(r, QA_KINDS));
        if (chance(r, 0.3)) flags |= flagBit(pick(r, QA_KINDS));
      }
      // The length check is the service's own rule, not chance: a translation longer than the string's
      // max length (the QA checks page: "longer than the character limit set for the string").
      flags &= ~flagBit('hasTranslationLengthQaIssues');
      if (overLength) flags |= flagBit('hasTranslationLengthQaIssues');
      if (QA_KINDS.some((kind) => flags & flagBit(kind))) flags |= flagBit('hasQaIssues');
      const votes = top.votes as ContextObject[];
      summaries.push(
        packSummary({
          language: DEMO_TARGET_LANGUAGES.indexOf(lang),
          flags,
          approvalsCount: (top.approvals as unknown[]).length,
          rating: votes.reduce((sum, v) => sum + (v.isUp ? 1 : -1), 0),
          hour: hourSlot(latest),
        }),
      );
    }
    return [
      translations.length ? exact(translations) : EMPTY,
      summaries.length ? exact(summaries) : EMPTY,
    ] as [readonly ContextObject[], readonly number[]];
  }

  private pickProvider(r: Rand): string | null {
    const x = r();
    if (x < 0.15) return 'tm';
    if (x < 0.33) return pick(r, MT);
    if (x < 0.38) return 'ai';
    return null;
  }

  private translation(
    r: Rand,
    lang: Target,
    phrase: Phrase,
    form: string | null,
    userId: number,
    provider: string | null,
    when: number,
    translators: number[],
  ): ContextObject {
    const slot = LANG_SLOT[lang] * 8 + (form === null ? 7 : FORM_SLOT[form]!);
    const text = (phrase.texts[slot] ??= phrase.translate(lang, form ?? undefined));
    const id = this.nextTranslationId++;
    const updated = isoDate(when);
    const pluralForm = form ?? 'none';
    // One literal per shape, so the properties sit in the object itself.
    const t: ContextObject = provider
      ? {
          id,
          language: lang,
          text,
          user: userId,
          votes: EMPTY,
          approvals: EMPTY,
          updated,
          pluralForm,
          provider,
          isPreTranslated: chance(r, 0.7),
        }
      : { id, language: lang, text, user: userId, votes: EMPTY, approvals: EMPTY, updated, pluralForm };
    if (chance(r, 0.22)) {
      const voters = [...DEMO_USERS.map((u) => u.id).filter((u) => u !== userId)];
      const n = 1 + Math.floor(r() * Math.min(4, voters.length));
      const votes: ContextObject[] = [];
      for (let k = 0; k < n; k++) {
        const up = chance(r, 0.8) || translators.includes(voters[k]!);
        const at = when + Math.floor(r() * 30 * DAY);
        const voter = voters[k]!;
        votes.push(
          this.votes.get((hourSlot(at) * 8 + voter) * 2 + (up ? 1 : 0), () =>
            Object.freeze({ isUp: up, isDown: !up, user: voter, added: isoDate(at) }),
          ),
        );
      }
      t.votes = exact(votes);
    }
    return t;
  }
}

/** Another member's wording of the same translation. */
function variant(text: string): string {
  const first = text.charAt(0);
  const swapped = first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase();
  return swapped !== first ? swapped + text.slice(1) : `${text} …`;
}

function composeAction(lang: Lang, verb: string, noun: string): string {
  switch (lang) {
    case 'de':
      return `${noun} ${verb}`;
    case 'ja':
      return `${noun}を${verb}`;
    default:
      return `${verb} ${noun}`;
  }
}

function pluralText(lang: Target, form: string, noun: Noun): string {
  const word = noun[lang];
  if (lang === 'ja') return `%d 件の${word}`;
  return form === 'one' ? `%d ${word}` : `%d ${word} (${form})`;
}

function icuText(lang: Target, noun: Noun): string {
  const word = noun[lang];
  const selected: Record<Target, string> = {
    uk: 'вибрано',
    de: 'ausgewählt',
    fr: 'sélectionné(s)',
    es: 'seleccionados',
    ja: '選択済み',
  };
  if (lang === 'ja') return `{count, plural, other {#件の${word}}}を${selected.ja}`;
  return `{count, plural, one {# ${word}} other {# ${word}}} ${selected[lang]}`;
}

// ---------------------------------------------------------------------------------------------------------
// Translation memory

function generateTmSegments(seed: number, count: number): ContextObject[] {
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

const CONCEPTS: ConceptSeed[] = [
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

const TERM_STATUS_ROTATION = [
  'preferred',
  'preferred',
  'admitted',
  'draft',
  'preferred',
  'not_recommended',
  'obsolete',
];

function generateTerms(seed: number): ContextObject[] {
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
