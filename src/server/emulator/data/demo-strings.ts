// The demo strings (./demo.ts): each drawn from its own generator seeded by (seed, index), so the same
// string comes out the same whatever the scale, from the vocabulary (./vocabulary.ts) and the tables
// (./demo-tables.ts), with its texts, translations, approvals, votes, comments and languages summary.
import type { ContextObject } from '../../../croql/index.ts';
import { seededRandom } from '../../../croql/generate.ts';
import type { LabelInfo } from './model.ts';
import { flagBit, packSummary, unpackSummary } from './summary.ts';
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
import {
  DEMO_TARGET_LANGUAGES,
  type Target,
  DEMO_USERS,
  BRANCHES,
  FILES,
  FILE_WEIGHTS,
  LABELS,
  PLURAL_FORMS,
  COVERAGE,
  TEAM,
  MT,
  QA_KINDS,
  CUSTOM_FIELDS,
  FIELD_SETS,
  ISSUE_TYPES,
} from './demo-tables.ts';
import {
  DAY,
  START,
  isoDate,
  hourSlot,
  mix,
  type Rand,
  pick,
  chance,
  EMPTY,
  Interned,
  exact,
} from './demo-time.ts';
import { DemoString } from './demo-string.ts';

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

export class StringGenerator {
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

export function composeAction(lang: Lang, verb: string, noun: string): string {
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
