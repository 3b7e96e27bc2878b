// The explainer's reading of values and subjects: a node's checked info, the query text quoted, a value as
// words ("“Save”", "today", a language's name), the thing a comparison talks about ("file title"), and how
// a datetime comparison reads ("was approved after …"). explain-counts.ts and explain.ts build on it.
import { DATE_PARTICIPLES, humanName, languageName, verb, whose, type Clause } from './explain-clauses.ts';
import { typeLabel } from './schema.ts';
import type { AnalyzeResult, Expr, FieldDef, NodeInfo } from './types.ts';

export interface SubjectPhrase {
  name: string;
  field: FieldDef;
  owner: string | undefined;
  datetime: boolean;
}

/** What every part of the explainer reads: the text, its checked model and the words for values. */
export abstract class ExplainerBase {
  constructor(
    protected readonly text: string,
    protected readonly model: AnalyzeResult,
    protected readonly valueWords: ReadonlyMap<number, string> = new Map(),
  ) {}

  protected info(e: Expr): NodeInfo {
    const info = this.model.nodes.get(e);
    if (!info) throw new Error(`Internal error: explain reached a node the checker did not (${e.kind}).`);
    return info;
  }

  protected quote(e: Expr): string {
    return '`' + this.text.slice(e.from, e.to) + '`';
  }

  protected fallback(e: Expr): Clause {
    const q = this.quote(e);
    const c: Clause = {
      sg: `matches ${q}`,
      pl: `match ${q}`,
      neg: () => ({ sg: `does not match ${q}`, pl: `do not match ${q}`, neg: () => c }),
    };
    return c;
  }

  /** Whether `e` has no value for some objects (a missing field); its negation then holds for those too. */
  protected canBeMissing(e: Expr): boolean {
    switch (e.kind) {
      case 'identifier':
      case 'member': {
        const t = this.info(e).type;
        if (e.kind === 'member' && e.member.name === 'count') return false;
        return t.kind === 'scalar' && t.type !== 'boolean';
      }
      case 'arithmetic':
      case 'if':
        return true;
      case 'negate':
        return this.canBeMissing(e.operand);
      default:
        return false;
    }
  }

  protected timeClause(subject: SubjectPhrase, when: string, notWhen: string, missable: boolean): Clause {
    const participle = DATE_PARTICIPLES[subject.field.key];
    if (participle && !subject.owner) {
      const none = missable ? ` (or have no ${participle} date)` : '';
      const noneSg = missable ? ` (or has no ${participle} date)` : '';
      return verb(
        `was ${participle} ${when}`,
        `were ${participle} ${when}`,
        `was not ${participle} ${when}${noneSg}`,
        `were not ${participle} ${when}${none}`,
      );
    }
    const orNot = missable ? ' or is not set' : '';
    if (subject.field.key === 'translationUpdated') {
      return whose(`translation was updated ${when}`, `translation was not updated ${when}${orNot}`);
    }
    void notWhen;
    return whose(`${subject.name} is ${when}`, `${subject.name} is not ${when}${orNot}`);
  }

  protected userName(e: Expr): string | null {
    if (e.kind === 'mention' && e.mentionKind === 'user') return e.value;
    if (e.kind === 'number') return `user ${e.raw}`;
    return null;
  }

  protected value(e: Expr): string {
    switch (e.kind) {
      case 'string':
        return `“${e.value}”`;
      case 'number':
        return e.raw;
      case 'datetime': {
        const words = this.valueWords.get(e.from);
        const literal = this.datetimeValue(e.value);
        return words ? `${words} (${literal})` : literal;
      }
      case 'mention':
        return (
          this.valueWords.get(e.from) ?? (e.mentionKind === 'language' ? languageName(e.value) : e.value)
        );
      default:
        return this.quote(e);
    }
  }

  protected datetimeValue(value: string): string {
    return value.toLowerCase() === 'today' ? 'today' : value.includes(' ') ? `${value} UTC` : value;
  }

  /** The thing a comparison talks about: "identifier", "file title", "approvals count". */
  protected subjectPhrase(e: Expr): SubjectPhrase | null {
    let field: FieldDef | undefined;
    let owner: string | undefined;
    if (e.kind === 'identifier') {
      field = this.info(e).field;
    } else if (e.kind === 'member' && e.object.kind === 'identifier') {
      const info = this.info(e.member);
      field = info.field;
      owner = info.owner;
      if (!owner) return null;
    }
    if (!field) return null;
    const name = owner ? `${typeLabel(owner)} ${humanName(field)}` : humanName(field);
    const datetime = field.type.kind === 'scalar' && field.type.type === 'datetime';
    return { name, field, owner, datetime };
  }
}
