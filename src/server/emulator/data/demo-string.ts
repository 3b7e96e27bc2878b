// A demo string as it is held (./demo.ts): its fields in one layout, and its languages summary read from
// one packed number per language (./summary.ts), a fifth of the room of the objects.
import type { ContextObject } from '../../../croql/index.ts';
import { SummaryEntry, unpackSummary } from './summary.ts';
import { DEMO_TARGET_LANGUAGES } from './demo-tables.ts';
import { slotDate, EMPTY } from './demo-time.ts';

/** The string whose summary was read last, and that summary: a query reads it a few times in a row. */
let lastRead: { owner: object; summary: readonly ContextObject[] } | null = null;

/** What a demo string is built from. */
type DemoStringFields = Omit<DemoString, 'summary' | 'languagesSummary' | 'toJSON'>;

/**
 * A demo string: its fields as own properties, assigned one by one in the constructor so every string has
 * them in place in one layout (a query reads them all alike), and `languagesSummary` read from one packed
 * number per language, a fifth of the room of the objects. It serialises to JSON as Context JSON.
 */
export class DemoString {
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
    return new SummaryEntry(
      DEMO_TARGET_LANGUAGES[p.language]!,
      p.flags,
      slotDate(p.hour),
      p.rating,
      p.approvalsCount,
    ) as unknown as ContextObject;
  });
}
