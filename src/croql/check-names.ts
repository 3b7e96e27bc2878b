// What the checker says about a name or a value it does not know: a field refused by the service, the
// REST API's `fileId` for `id of file`, the nearest names in scope or the type that has the name, an
// unknown member or language with the nearest ones. check.ts calls these with itself as the context.
import { article, didYouMean } from './english.ts';
import { mentionLiteral, stringLiteral } from './literals.ts';
import { operatorBySpelling } from './operators.ts';
import { resolveName, reachedType } from './check-types.ts';
import {
  CONTEXT_LABELS,
  equivalentOf,
  REFUSED_FIELDS,
  fieldsOf,
  lookupField,
  normalizeName,
  rootType,
  schema,
  typeLabel,
} from './schema.ts';
import type {
  AnalyzeOptions,
  Expr,
  FieldDef,
  Identifier,
  ListingName,
  Severity,
  Suggestion,
} from './types.ts';

/** What of the checker these read: the text, listing and options checked, where it is, and its report. */
export interface CheckerContext {
  readonly text: string;
  readonly listing: ListingName;
  readonly options: AnalyzeOptions;
  /** The nodes being checked, the outermost first. */
  readonly path: readonly Expr[];
  report(
    reason: string,
    message: string,
    at: { from: number; to: number },
    severity?: Severity,
    suggestions?: Suggestion[],
  ): void;
}

export function unknownName(c: CheckerContext, id: Identifier, scopes: readonly string[]) {
  const refused = [...scopes].reverse().find((s) => refusal(s, id.name) !== undefined);
  if (refused) {
    c.report('undocumentedField', refusal(refused, id.name)!, id);
    return;
  }
  const inner = scopes[scopes.length - 1]!;
  const where =
    scopes.length === 1 && inner === rootType(c.listing)
      ? article(CONTEXT_LABELS[c.listing])
      : article(typeLabel(inner)) +
        (scopes.length > 1 ? ` (nor of the enclosing ${typeLabel(scopes[scopes.length - 2]!)})` : '');
  const byId = idOfField(c, id, scopes);
  if (byId) {
    const message = `\`${id.raw.replace(/\s+/g, ' ')}\` is not a field of ${where}. ${byId.message}`;
    c.report('unknownField', message, id, 'error', byId.suggestion && [byId.suggestion]);
    return;
  }
  const near = closestInScopes(id.name, scopes);
  const suggestions = near.map((f) => ({
    label: `Replace with \`${f.name}\``,
    from: id.from,
    to: id.to,
    insert: f.name,
  }));
  const elsewhere = findElsewhere(id.name, scopes);
  let message = `\`${id.raw.replace(/\s+/g, ' ')}\` is not a field of ${where}.`;
  const instead = equivalentOf(inner, id.name);
  if (instead && !near.length) {
    if (elsewhere) message += ` It is a field of ${elsewhere.where}.`;
    message += ` On ${article(typeLabel(inner))}, write \`${instead}\` instead.`;
    // Inside a comparison or arithmetic the expression needs its own parentheses.
    const parent = c.path[c.path.length - 2]?.kind;
    const alone = !parent || parent === 'logical' || parent === 'not' || parent === 'filter';
    suggestions.push({
      label: `Replace with \`${instead}\``,
      from: id.from,
      to: id.to,
      insert: alone ? instead : `(${instead})`,
    });
  } else if (near.length) message += didYouMean(near.map((f) => f.name));
  else if (elsewhere) {
    message += ` It is a field of ${elsewhere.where}.`;
    const via = fieldsOf(inner).find(
      (f) => f.type.kind === 'collection' && f.type.elementType === elsewhere.type,
    );
    if (via)
      message += ` Reach it through \`${via.name}\`: \`count of ${via.name} where (${elsewhere.field} …) > 0\`.`;
  }
  c.report(!near.length && elsewhere ? 'wrongContext' : 'unknownField', message, id, 'error', suggestions);
}

/**
 * `fileId`, `file_id`, `branch id`: the REST API's name for the id of an object this one has. CroQL reaches
 * it as `id of file`; that is the fix (not the nearest name, `file`, which cannot be compared with a number).
 * For a collection (`labelIds = 5`) the fix is the count of its elements with that id.
 */
function idOfField(
  c: CheckerContext,
  id: Identifier,
  scopes: readonly string[],
): { message: string; suggestion?: Suggestion } | null {
  const match = /^(.*?[a-z0-9])[\s_]*ids?$/i.exec(id.raw.trim());
  if (!match) return null;
  const found = resolveName(scopes, match[1]!) ?? resolveName(scopes, match[1]! + 's');
  if (!found) return null;
  const { field } = found;
  const element = reachedType(field.type);
  if (!element || !lookupField(element, 'id')) return null;
  const parent = c.path[c.path.length - 2];
  if (field.type.kind === 'object') {
    const write = `id of ${field.name}`;
    // Inside `of`, `where` or `with` the member needs parentheses of its own to stay one operand.
    const insert = parent && (parent.kind === 'member' || parent.kind === 'filter') ? `(${write})` : write;
    // The comparison as it would read, when it is one CroQL wrote (not `fileId in (1, 2)`, reported apart).
    const example =
      parent?.kind === 'comparison' &&
      parent.right.kind !== 'error' &&
      operatorBySpelling(c.text.slice(parent.opSpan.from, parent.opSpan.to))
        ? c.text.slice(parent.from, id.from) + insert + c.text.slice(id.to, parent.to)
        : null;
    return {
      message: `The id of its ${typeLabel(element)} is \`${write}\`${example ? `: write \`${example}\`` : ''}.`,
      suggestion: { label: `Replace with \`${write}\``, from: id.from, to: id.to, insert },
    };
  }
  // A collection: `labelIds = 5` is "one of its labels has the id 5".
  if (parent?.kind === 'comparison' && parent.op === '=' && parent.left === c.path[c.path.length - 1]) {
    const value = c.text.slice(parent.right.from, parent.right.to);
    const write = `count of ${field.name} where (id = ${value}) > 0`;
    return {
      message: `To ask whether one of its \`${field.name}\` has that id, write \`${write}\`.`,
      suggestion: { label: `Replace with \`${write}\``, from: parent.from, to: parent.to, insert: write },
    };
  }
  return {
    message: `Match the ids of its \`${field.name}\`: \`count of ${field.name} where (id = …) > 0\`.`,
  };
}

export function checkMentionValue(c: CheckerContext, kind: 'user' | 'language', value: string, at: Expr) {
  if (kind === 'user') {
    const users = c.options.users;
    if (!users) return;
    const wanted = value.toLowerCase();
    for (const u of users) if (u.username.toLowerCase() === wanted) return;
    const near = closestStrings(
      value,
      users.map((u) => u.username),
    );
    c.report(
      'unknownUser',
      `There is no user \`${value}\` in this project.` + didYouMean(near),
      at,
      'error',
      at.kind === 'mention'
        ? near.map((n) => ({
            label: `Replace with @user:"${n}"`,
            from: at.from,
            to: at.to,
            insert: mentionLiteral('user', n),
          }))
        : undefined,
    );
    return;
  }
  const languages = c.options.languages;
  if (!languages) return;
  const wanted = value.toLowerCase();
  for (const l of languages) if (l.toLowerCase() === wanted) return;
  const near = closestStrings(value, languages);
  c.report(
    'unknownLanguage',
    `There is no language \`${value}\` in this project.` + didYouMean(near),
    at,
    'error',
    near.map((n) => ({
      label: `Replace with \`${n}\``,
      from: at.from,
      to: at.to,
      insert: at.kind === 'mention' ? mentionLiteral('language', n) : stringLiteral(n),
    })),
  );
}

/** Why the service refuses the name `name` on `typeName`, if it does (own keys only: not `constructor`). */
function refusal(typeName: string, name: string): string | undefined {
  const table = REFUSED_FIELDS[typeName];
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

/** Which other type has this field, for "it is a field of a glossary term". */
function findElsewhere(
  name: string,
  scopes: readonly string[],
): { where: string; type: string; field: string } | null {
  // Prefer the element types of the collections at hand (`user` at the root of a string: a translation's).
  const inner = scopes[scopes.length - 1]!;
  const reachable = fieldsOf(inner).flatMap((f) =>
    f.type.kind === 'collection' ? [f.type.elementType] : [],
  );
  const candidates = [...reachable.map((t) => schema.types[t]!), ...Object.values(schema.types)];
  for (const t of candidates) {
    if (scopes.includes(t.name)) continue;
    const field = lookupField(t.name, name);
    if (!field) continue;
    // Two types with one label (a listed translation, a string's translation): name it by its owner.
    const where = t.label === typeLabel(inner) ? (ownerPhrase(t.name) ?? article(t.label)) : article(t.label);
    return { where, type: t.name, field: field.name };
  }
  return null;
}

/** "the `translations` of a source string": how the type `typeName` is reached from another type. */
function ownerPhrase(typeName: string): string | null {
  for (const t of Object.values(schema.types)) {
    for (const f of t.fields) {
      if (reachedType(f.type) === typeName) return `the \`${f.name}\` of ${article(t.label)}`;
    }
  }
  return null;
}

/**
 * The nearest fields of the scopes to a misspelt name, remembered: lint, the explain line's model and
 * completion all check the text again on every keystroke, and a misspelling the user has not fixed yet
 * is looked up again each time (an edit-distance to every field in scope). The schema is fixed, so the
 * answer depends only on the name and the scopes.
 */
const nearestMemo = new Map<string, FieldDef[]>();
const NEAREST_MEMO_SIZE = 256;

function closestInScopes(name: string, scopes: readonly string[]): FieldDef[] {
  const key = `${scopes.join('\u0000')}\u0001${name}`;
  let near = nearestMemo.get(key);
  if (!near) {
    near = closest(
      name,
      scopes.flatMap((s) => fieldsOf(s)),
    );
    if (nearestMemo.size >= NEAREST_MEMO_SIZE) nearestMemo.clear();
    nearestMemo.set(key, near);
  }
  return near;
}

function closest(name: string, fields: readonly FieldDef[]): FieldDef[] {
  const target = normalizeName(name);
  const scored: { f: FieldDef; d: number }[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    const d = Math.min(
      distance(target, normalizeName(f.name)),
      distance(target.replace(/ /g, ''), f.key.toLowerCase()),
    );
    if (d <= threshold(target)) scored.push({ f, d });
  }
  scored.sort((a, b) => a.d - b.d);
  const best = scored[0]?.d;
  return scored
    .filter((s) => s.d === best)
    .slice(0, 3)
    .map((s) => s.f);
}

function closestStrings(value: string, options: readonly string[]): string[] {
  const target = value.toLowerCase();
  const scored = options
    .map((o) => ({ o, d: distance(target, o.toLowerCase()) }))
    .filter((s) => s.d <= threshold(target))
    .sort((a, b) => a.d - b.d);
  return scored.slice(0, 3).map((s) => s.o);
}

const threshold = (s: string) => Math.max(1, Math.min(3, Math.floor(s.length / 3)));

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
