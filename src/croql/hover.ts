// hover(text, pos, context): what the thing under the cursor is. Field names are resolved in the scope they
// appear in (through the AST, so `user` inside `translations where (…)` is the translation's author);
// keywords, operators, mentions and datetime literals are recognised from the tokens.
import { languageName } from './explain.ts';
import { lex, type Token } from './lex.ts';
import { parse } from './parse.ts';
import { rootScopes, walkTypes, type IdentifierVisit } from './resolve.ts';
import { describeFieldType, fieldsOf, typeLabel } from './schema.ts';
import type { ContextName, FieldDef, HoverInfo } from './types.ts';

const KEYWORD_DOCS: Record<string, [string, string]> = {
  and: [
    'and',
    'True when both conditions are true. Also the second word of `x between a and b`. Binds tighter than `xor` and `or`.',
  ],
  or: ['or', 'True when either condition is true. Binds loosest of the logical operators.'],
  xor: ['xor', 'True when exactly one of the two conditions is true.'],
  not: ['not', 'Negates the condition after it: `not is duplicate`. `not 1 < 10` means `not (1 < 10)`.'],
  of: [
    'A of B',
    'Member access: the member A of the object or collection B, e.g. `count of translations`, `id of file`. Right-associative: `a of b of c` = `a of (b of c)`.',
  ],
  where: [
    'X where (P)',
    'Filters the collection X: keeps the elements for which P is true. Inside P, names resolve in the element first, then in the enclosing scopes. Usually counted: `count of translations where (…) > 0`.',
  ],
  with: [
    'X with (P)',
    'Evaluates the condition P in the scope of the object X: `file with (name = "app.json")`.',
  ],
  between: [
    'x between a and b',
    'True when a ≤ x ≤ b (inclusive at both ends). Works on numbers and datetimes.',
  ],
  contains: [
    'a contains b',
    'Case-insensitive substring test on text. On plural source text it matches when any plural form contains it.',
  ],
  if: ['if C then A else B', 'A when the condition C is true, otherwise B. Both branches have one type.'],
  then: ['if C then A else B', 'A when the condition C is true, otherwise B.'],
  else: ['if C then A else B', 'A when the condition C is true, otherwise B.'],
  in: ['in (not CroQL)', 'CroQL has no `in`: write `x = a or x = b`.'],
  like: ['like (not CroQL)', 'CroQL has no `like`: use `contains` for a substring test.'],
};

const OPERATOR_DOCS: Record<string, [string, string]> = {
  '=': [
    '=  equal',
    'Exact comparison; on text it is case-sensitive. A comparison with a missing value is false.',
  ],
  '!=': ['!=  not equal', 'True when both values exist and differ (a missing value makes it false).'],
  '≠': ['≠  not equal', 'Same as `!=`.'],
  '>': ['>  greater than', 'Compares numbers, datetimes or texts of one kind.'],
  '>=': ['>=  greater than or equal', 'Compares numbers, datetimes or texts of one kind.'],
  '≥': ['≥  greater than or equal', 'Same as `>=`.'],
  '<': ['<  less than', 'Compares numbers, datetimes or texts of one kind.'],
  '<=': ['<=  less than or equal', 'Compares numbers, datetimes or texts of one kind.'],
  '≤': ['≤  less than or equal', 'Same as `<=`.'],
  '+': ['+  addition', 'Adds two numbers.'],
  '-': ['-  subtraction or negation', 'Subtracts numbers, or negates one (`-x`).'],
  '*': ['*  multiplication', 'Multiplies two numbers.'],
  '/': ['/  division', 'Divides two numbers; dividing by zero gives no value (so any comparison is false).'],
};

export function hover(text: string, pos: number, context: ContextName): HoverInfo | null {
  try {
    const tokens = lex(text);
    const token = tokens.find((t) => t.from <= pos && pos < t.to) ?? tokens.find((t) => t.to === pos);
    if (!token) return null;
    return describeToken(token, text, pos, context);
  } catch {
    return null;
  }
}

function describeToken(token: Token, text: string, pos: number, context: ContextName): HoverInfo | null {
  const span = { from: token.from, to: token.to };
  switch (token.kind) {
    case 'name':
      return fieldHover(text, pos, context);
    case 'keyword': {
      const doc = KEYWORD_DOCS[token.value];
      return doc ? { ...span, title: doc[0], body: doc[1] } : null;
    }
    case 'op': {
      const doc = OPERATOR_DOCS[token.value];
      if (doc) return { ...span, title: doc[0], body: doc[1] };
      if (token.value === '==' || token.value === '===') {
        return { ...span, title: `${token.value} (not CroQL)`, body: 'Write `=` to compare.' };
      }
      return null;
    }
    case 'mention': {
      const raw = text.slice(token.from, token.to);
      const value = token.quote
        ? text.slice(token.quote.from + 1, token.quote.closed ? token.quote.to - 1 : token.quote.to)
        : '';
      if (token.mentionKind === 'user') {
        return {
          ...span,
          title: `${raw}  user mention`,
          body: `The user whose username is "${value}" (matched case-insensitively), compared by id with fields such as \`user\` and \`createdBy\`.`,
        };
      }
      if (token.mentionKind === 'language') {
        return {
          ...span,
          title: `${raw}  language mention`,
          body: `The project language ${value ? languageName(value) + ` (code ${value})` : '(a code such as uk)'}, compared with \`language\` fields.`,
        };
      }
      return { ...span, title: raw, body: 'Mentions are `@user:"name"` and `@language:"code"`.' };
    }
    case 'datetime': {
      const inner = text.slice(token.from + 1, token.closed ? token.to - 1 : token.to).trim();
      const body =
        inner.toLowerCase() === 'today'
          ? '00:00:00 UTC of the current day.'
          : /^\d{4}-\d{2}-\d{2}$/.test(inner)
            ? `${inner} at 00:00:00 UTC.`
            : `A datetime in UTC. Accepted forms: 'today', 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS'.`;
      return { ...span, title: `'${inner}'  datetime`, body };
    }
    default:
      return null;
  }
}

function fieldHover(text: string, pos: number, context: ContextName): HoverInfo | null {
  const { ast } = parse(text);
  if (!ast) return null;
  let hit: IdentifierVisit | null = null;
  walkTypes(ast, rootScopes(context), (v) => {
    if (
      v.ident.from <= pos &&
      pos <= v.ident.to &&
      (!hit || v.ident.to - v.ident.from < hit.ident.to - hit.ident.from)
    )
      hit = v;
  });
  const found = hit as IdentifierVisit | null;
  if (!found) return null;
  const span = { from: found.ident.from, to: found.ident.to };
  if (!found.field) {
    const where = typeLabel(found.scopes[found.scopes.length - 1]!);
    return { ...span, title: found.ident.raw, body: `Not a field of ${article(where)} here.` };
  }
  return {
    ...span,
    title: `${found.field.name}: ${describeFieldType(found.field.type)}`,
    body: fieldBody(found.field, found),
  };
}

function fieldBody(field: FieldDef, visit: IdentifierVisit): string {
  const lines = [field.description];
  if (visit.owner?.kind === 'collection') lines.push('A member of every collection.');
  else lines.push(`Field of ${article(ownerLabel(visit))}; key \`${field.key}\`.`);
  if (field.enterpriseOnly) lines.push('Enterprise edition only.');
  if (field.enumValues?.length) lines.push(`Values: ${field.enumValues.join(', ')}.`);
  if (field.examples.length) lines.push(`Example: ${field.examples[0]}`);
  return lines.join('\n');
}

function ownerLabel(visit: IdentifierVisit): string {
  if (visit.owner?.kind === 'object') return typeLabel(visit.owner.objectType);
  // The scope that owns the field: the innermost one that has it.
  for (let i = visit.scopes.length - 1; i >= 0; i--) {
    const t = visit.scopes[i]!;
    if (visit.field && fieldsOf(t).includes(visit.field)) return typeLabel(t);
  }
  return typeLabel(visit.scopes[visit.scopes.length - 1]!);
}

function article(s: string): string {
  return (/^[aeiou]/i.test(s) ? 'an ' : 'a ') + s;
}
