// A delivery's string seen as the CroQL context a local rule's predicate reads (the strings listing's Context
// JSON: canonical camelCase keys, as src/croql/readers.ts reads them). Nothing is copied: each key is a
// getter over the delivery, so a rule pays only for what it reads, when it reads it. When the delivery lacks
// something a rule reads (no text, no file, a label id the project no longer lists), the getter throws
// MissingInDelivery and route.ts sends that string through the listing for that rule: a local rule never
// guesses.
import type { ContextObject } from '../croql/index.ts';
import type { EventString } from '../wire/workflow-step.ts';

export interface LabelRow {
  id: number;
  title: string;
  isSystem: boolean;
}
export interface BranchRow {
  id: number;
  name: string;
  title: string;
}

/** The project's lists, by id, fetched for a batch only when a local rule needs them (plan.ts `lookups`). */
export interface Lookups {
  labels?: ReadonlyMap<number, LabelRow>;
  branches?: ReadonlyMap<number, BranchRow>;
}

/** Thrown by a getter whose value the delivery does not carry. */
export class MissingInDelivery extends Error {
  constructor(readonly key: string) {
    super(`The delivery does not carry ${key}.`);
  }
}

const isForms = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((f) => typeof f === 'string');

/**
 * The context keys a delivery carries (plan.ts CARRIED names the same ones). One class, so every context of a
 * batch has the same shape and the predicate's property loads stay monomorphic.
 */
export class DeliveredContext {
  private s: EventString = { id: 0 };

  constructor(private l: Lookups) {}

  /** This context, now reading `s`. */
  point(s: EventString): ContextObject {
    this.s = s;
    return this as unknown as ContextObject;
  }

  private typeOf(): string {
    if (typeof this.s.type !== 'string') throw new MissingInDelivery('type');
    return this.s.type;
  }

  private isPlural(): boolean {
    return this.typeOf() === 'plural' || this.s.hasPlurals === true;
  }

  private flag(key: 'isHidden' | 'isDuplicate'): boolean {
    const v = this.s[key];
    if (typeof v !== 'boolean') throw new MissingInDelivery(key);
    return v;
  }

  // A plural string's forms as an object: the core reads them as the listing does (compile-values.ts textOf).
  // One text for a plural string is a single form (the emulator sends `other`), while `contains` looks at
  // every form: that string's text is read through the listing.
  get text(): unknown {
    const t = this.s.text;
    if (isForms(t) || (typeof t === 'string' && !this.isPlural())) return t;
    throw new MissingInDelivery('text');
  }
  /** The visible key: the delivery's `identifier` is a hash. */
  get identifier(): string {
    if (typeof this.s.key !== 'string') throw new MissingInDelivery('key');
    return this.s.key;
  }
  get context(): unknown {
    if (this.s.context === undefined) throw new MissingInDelivery('context');
    return this.s.context;
  }
  /** A string in the delivery (`"50"`). */
  get maxLength(): number {
    const v = this.s.maxLength;
    if (v === null || v === '') return 0;
    const n = Number(v);
    if (!Number.isInteger(n)) throw new MissingInDelivery('maxLength');
    return n;
  }
  get typeIsPlain(): boolean {
    return this.typeOf() === 'text' && !this.isPlural();
  }
  get typeIsPlural(): boolean {
    return this.isPlural();
  }
  get typeIsIcu(): boolean {
    return this.typeOf() === 'icu';
  }
  get typeIsAsset(): boolean {
    return this.typeOf() === 'asset';
  }
  get isHidden(): boolean {
    return this.flag('isHidden');
  }
  get isVisible(): boolean {
    return !this.flag('isHidden');
  }
  get isDuplicate(): boolean {
    return this.flag('isDuplicate');
  }
  get file(): DeliveredFile {
    const f = this.s.file;
    if (!f) throw new MissingInDelivery('file');
    return new DeliveredFile(f);
  }
  get branch(): BranchRow | { id: number } | null {
    const f = this.s.file;
    if (!f) throw new MissingInDelivery('file');
    const id = f.branch?.id ?? null;
    if (id === null) return null;
    if (!this.l.branches) return { id };
    const row = this.l.branches.get(id);
    if (!row) throw new MissingInDelivery(`branch ${id}`);
    return row;
  }
  get labels(): (LabelRow | { id: number })[] {
    const ids = this.s.labelIds;
    if (!Array.isArray(ids)) throw new MissingInDelivery('labelIds');
    const rows = this.l.labels;
    if (!rows) return ids.map((id) => ({ id }));
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row) throw new MissingInDelivery(`label ${id}`);
      return row;
    });
  }
  get added(): unknown {
    if (this.s.createdAt === undefined) throw new MissingInDelivery('createdAt');
    return this.s.createdAt;
  }
  get updated(): unknown {
    if (this.s.updatedAt === undefined) throw new MissingInDelivery('updatedAt');
    return this.s.updatedAt;
  }
}

/** The string's file as the listing's `file` object. */
class DeliveredFile {
  constructor(private f: NonNullable<EventString['file']>) {}
  get id(): number {
    return this.f.id;
  }
  get name(): unknown {
    if (this.f.name === undefined) throw new MissingInDelivery('file name');
    return this.f.name;
  }
  /** null in a delivery may be "no title" or "not sent"; the listing's is the file's own. */
  get title(): unknown {
    if (typeof this.f.title !== 'string') throw new MissingInDelivery('file title');
    return this.f.title;
  }
}

/** Every key a delivered context has: plan.ts's list of what a delivery carries must stay within it. */
export const DELIVERED_KEYS: readonly string[] = Object.getOwnPropertyNames(
  DeliveredContext.prototype,
).filter((k) => Object.getOwnPropertyDescriptor(DeliveredContext.prototype, k)?.get);
