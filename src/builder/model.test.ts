import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { format, type ListingName } from '../croql/index.ts';
import { arbitraryExpressionText, arbitraryQuery } from '../croql/arbitrary.ts';
import { labelIdChain, specQueries } from '../croql/corpus.ts';
import { FILTERS, defaultParams, type FilterDef, type FilterParams } from './filters.ts';
import {
  group,
  newId,
  raw,
  toCroql,
  type BuilderNode,
  type CollectionNode,
  type GroupNode,
} from './model.ts';
import { stripIds } from './ops.ts';
import { fromCroql } from './read.ts';

const contexts: ListingName[] = ['strings', 'translations', 'tmSegments', 'glossaryTerms'];
const kinds = (root: GroupNode) =>
  root.children.map((c) => (c.kind === 'filter' ? `filter:${c.filter}` : c.kind));

describe('text → builder → text equals the formatted text', () => {
  it('for every query of the spec corpus', () => {
    for (const q of specQueries) expect(toCroql(fromCroql(q.text, q.context))).toBe(format(q.text));
  });

  for (const context of contexts) {
    it(`for generated ${context} queries (random spacing, case and spellings)`, () => {
      fc.assert(
        fc.property(arbitraryQuery(context), (text) => toCroql(fromCroql(text, context)) === format(text)),
        { numRuns: 150 },
      );
      // 150 generated queries take about a second alone; on a machine busy with e2e runs, several times that.
    }, 180_000);
  }

  it('for arbitrary expressions, valid or not', () => {
    fc.assert(
      fc.property(arbitraryExpressionText(), (text) => toCroql(fromCroql(text, 'strings')) === format(text)),
      { numRuns: 300 },
    );
  });
});

describe('every query opens in the builder', () => {
  it('shows editor filters, fields, collections and groups structurally', () => {
    const root = fromCroql(
      'IS   hidden and max length > 10 and (count of translations where (text contains "x") >= 2 or not is duplicate)',
      'strings',
    );
    expect(kinds(root)).toEqual(['filter:visibility', 'field', 'group']);
    const inner = root.children[2] as GroupNode;
    expect(inner.op).toBe('or');
    expect(kinds(inner)).toEqual(['collection', 'filter:masterStrings']);
  });

  it('reads a pinned languages-summary filter with its language', () => {
    const root = fromCroql(
      'count of languages summary where (language = @language:"de" and is approved) > 0',
      'strings',
    );
    expect(root.children[0]).toMatchObject({ kind: 'filter', filter: 'approved', pinLanguage: 'de' });
  });

  it('reads a field on the right of a comparison as that field, and writes it back', () => {
    const text = 'is hidden = is duplicate and updated > added and max length != id of file';
    const root = fromCroql(text, 'strings');
    expect(root.children).toMatchObject([
      { kind: 'field', path: ['is hidden'], op: '=', value: { kind: 'field', path: ['is duplicate'] } },
      { kind: 'field', path: ['updated'], op: '>', value: { kind: 'field', path: ['added'] } },
      { kind: 'field', path: ['max length'], op: '!=', value: { kind: 'field', path: ['id', 'file'] } },
    ]);
    expect(toCroql(root)).toBe(text);
    // A name of the enclosing string inside `where` is read too; a literal on the left stays text.
    const inner = fromCroql('count of translations where (is pre translated != is hidden) > 0', 'strings');
    expect((inner.children[0] as CollectionNode).where.children).toMatchObject([
      { kind: 'field', path: ['is pre translated'], value: { kind: 'field', path: ['is hidden'] } },
    ]);
    expect(kinds(fromCroql('1 = id', 'strings'))).toEqual(['raw']);
  });

  it('reads a filter written over several terms the same however they are bracketed', () => {
    // CI's seed 949455921 found `((type is plural) or (type is plain)) or …` read as two filters, and the
    // text it wrote (`type is plural or type is plain or …`) read back as one.
    const types = { kind: 'filter', filter: 'stringType', params: { types: ['plural', 'plain'] } };
    const text = 'type is plural or type is plain or text = ""';
    for (const spelling of [
      text,
      '((type is plural) or (type is plain)) or (text = "")',
      '(type is plural or (type is plain)) or text = ""',
      '(type is plural) or (type is plain) or text = ""',
    ]) {
      const root = fromCroql(spelling, 'strings');
      expect(root.children, spelling).toMatchObject([types, { kind: 'field', path: ['text'] }]);
      expect(toCroql(root)).toBe(text);
    }
  });

  it('keeps what it cannot show as raw blocks holding the exact source text', () => {
    const text = 'is hidden and (max  length + 1 > 3) and if is hidden then is duplicate else is visible';
    const root = fromCroql(text, 'strings');
    expect(root.children.map((c) => (c.kind === 'raw' ? c.text : c.kind))).toEqual([
      'filter',
      'max  length + 1 > 3',
      'if is hidden then is duplicate else is visible',
    ]);
  });

  it('keeps a query with errors whole, as typed', () => {
    for (const text of ['is hidden and (', 'is  hidden and unknown thing > 2', '  a and\n']) {
      const root = fromCroql(text, 'strings');
      expect(toCroql(root)).toBe(format(text));
    }
    expect(fromCroql('is hidden and (', 'strings').children).toMatchObject([
      { kind: 'raw', text: 'is hidden and (' },
    ]);
    expect(kinds(fromCroql('is hidden and nothing', 'strings'))).toEqual(['filter:visibility', 'raw']);
  });

  it('opens chains of thousands of terms, each term a node, and writes them back', () => {
    const labels = labelIdChain();
    const root = fromCroql(labels, 'strings');
    expect(kinds(root)).toEqual(['collection']);
    expect(toCroql(root)).toBe(labels);
    const hidden = Array.from({ length: 296 }, () => 'is hidden').join(' and ');
    expect(fromCroql(hidden, 'strings').children).toHaveLength(296);
    expect(toCroql(fromCroql(hidden, 'strings'))).toBe(hidden);
  });

  it('opens an empty text as an empty group', () => {
    expect(fromCroql('  ', 'strings')).toMatchObject({ kind: 'group', children: [] });
    expect(toCroql(group())).toBe('');
  });
});

describe('builder → text → builder is the identity', () => {
  it('for the trees the corpus and generated queries open into', () => {
    // Raw blocks keep the text as typed; after the round trip they hold it formatted.
    const formatRaw = (n: BuilderNode): BuilderNode =>
      n.kind === 'raw'
        ? { ...n, text: format(n.text) }
        : n.kind === 'group'
          ? { ...n, children: n.children.map(formatRaw) }
          : n.kind === 'collection'
            ? { ...n, where: formatRaw(n.where) as GroupNode }
            : n;
    const check = (text: string, context: ListingName) => {
      const tree = formatRaw(fromCroql(text, context));
      expect(stripIds(fromCroql(toCroql(tree as GroupNode), context))).toEqual(stripIds(tree));
    };
    for (const q of specQueries) check(q.text, q.context);
    fc.assert(
      fc.property(arbitraryQuery('strings'), (text) => {
        check(text, 'strings');
      }),
      { numRuns: 200 },
    );
  });

  it('for generated builder trees', () => {
    fc.assert(
      fc.property(arbitraryTree(), (tree) => {
        const text = toCroql(tree);
        expect(stripIds(fromCroql(text, 'strings'))).toEqual(stripIds(tree));
      }),
      { numRuns: 400 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Builder trees in the form reading gives back (see the constraints beside each generator).

const node = <T extends Omit<BuilderNode, 'id'>>(n: T) => ({ ...n, id: newId() }) as unknown as BuilderNode;

/** Exact filters with generated parameters. Left out: label sets that an `and` chain of label filters
 * would merge with (includeAll; single labels), and string types in `or` groups (they merge the same way). */
function arbitraryFilter(parentOp: GroupNode['op']): fc.Arbitrary<BuilderNode> {
  const defs = FILTERS.filter(
    (d) => d.origin !== 'none' && !d.enterpriseOnly && !(d.id === 'stringType' && parentOp === 'or'),
  );
  return fc.constantFrom(...defs).chain((def: FilterDef) => {
    const params: fc.Arbitrary<FilterParams>[] = def.params.map((p) => {
      switch (p.kind) {
        case 'datetime':
          return fc.constantFrom('today', '2024-01-01', '2023-12-31 23:59:59').map((v) => ({ [p.key]: v }));
        case 'user':
          return fc.constantFrom('alice', 'bob', 'o"neil').map((v) => ({ [p.key]: v }));
        case 'number':
          return fc.nat({ max: 50 }).map((v) => ({ [p.key]: String(v) }));
        case 'choice': {
          const allowed: Record<string, string[]> = {
            labels: ['includeAny', 'excludeAny', 'excludeAll'],
            comments: ['any', 'none', 'issues', 'unresolvedIssues'],
          };
          const options = allowed[def.id] ?? p.options.map((o) => o.value);
          return fc.constantFrom(...options).map((v) => ({ [p.key]: v }));
        }
        case 'multiChoice':
          return fc
            .uniqueArray(fc.constantFrom(...p.options.map((o) => o.value)), { minLength: 1, maxLength: 3 })
            .map((v) => ({ [p.key]: v }));
        case 'labels':
          return fc
            .uniqueArray(fc.nat({ max: 20 }).map(String), { minLength: 2, maxLength: 3 })
            .map((v) => ({ [p.key]: v }));
        default:
          return fc.constant({});
      }
    });
    const pin = def.pinnable ? fc.option(fc.constantFrom('uk', 'de'), { nil: null }) : fc.constant(null);
    return fc.tuple(fc.tuple(...params), pin).map(([ps, pinLanguage]) =>
      node({
        kind: 'filter',
        filter: def.id,
        params: { ...defaultParams(def), ...Object.assign({}, ...ps) },
        pinLanguage,
      }),
    );
  });
}

/** Field conditions that are not themselves editor filters. */
const arbitraryField: fc.Arbitrary<BuilderNode> = fc.oneof(
  fc.nat({ max: 99 }).map((n) =>
    node({
      kind: 'field',
      path: ['max length'],
      op: '>',
      value: { kind: 'number', value: String(n) },
      value2: null,
    }),
  ),
  fc.string({ maxLength: 6 }).map((s) =>
    node({
      kind: 'field',
      path: ['text'],
      op: 'contains',
      value: { kind: 'string', value: s },
      value2: null,
    }),
  ),
  fc.constantFrom('=', '!=').map((op) =>
    node({
      kind: 'field',
      path: ['identifier'],
      op,
      value: { kind: 'string', value: 'a.b' },
      value2: null,
    }),
  ),
  fc.nat({ max: 9 }).map((n) =>
    node({
      kind: 'field',
      path: ['id', 'file'],
      op: '=',
      value: { kind: 'number', value: String(n) },
      value2: null,
    }),
  ),
  fc
    .constantFrom('isFalse' as const)
    .map((op) => node({ kind: 'field', path: ['type is plain'], op, value: null, value2: null })),
  // Another field on the right, of a type the operator accepts.
  fc
    .constantFrom(
      { path: ['is hidden'], op: '=', other: ['is duplicate'] },
      { path: ['is visible'], op: '!=', other: ['type is icu'] },
      { path: ['updated'], op: '>', other: ['added'] },
      { path: ['max length'], op: '<=', other: ['id', 'file'] },
      { path: ['text'], op: 'contains', other: ['identifier'] },
    )
    .map(({ path, op, other }) =>
      node({ kind: 'field', path, op, value: { kind: 'field', path: other }, value2: null }),
    ),
  fc.constantFrom("'today'", "'2024-01-01'").map((d) =>
    node({
      kind: 'field',
      path: ['added'],
      op: '>=',
      value: { kind: 'datetime', value: d.slice(1, -1) },
      value2: null,
    }),
  ),
);

const translationFields: fc.Arbitrary<BuilderNode> = fc.oneof(
  fc
    .constantFrom('isTrue', 'isFalse')
    .map((op) => node({ kind: 'field', path: ['is pre translated'], op, value: null, value2: null })),
  fc
    .constantFrom('tm', 'deepl')
    .map((v) =>
      node({ kind: 'field', path: ['provider'], op: '=', value: { kind: 'string', value: v }, value2: null }),
    ),
  fc.constant(
    node({
      kind: 'field',
      path: ['is pre translated'],
      op: '!=',
      value: { kind: 'field', path: ['is hidden'] },
      value2: null,
    }),
  ),
  fc.constant(
    node({
      kind: 'field',
      path: ['language'],
      op: '=',
      value: { kind: 'language', value: 'uk' },
      value2: null,
    }),
  ),
);

/** Counts with comparisons no editor filter uses. */
const arbitraryCollection: fc.Arbitrary<BuilderNode> = fc
  .tuple(
    fc.constantFrom('>=', '<', '!=' as const),
    fc.integer({ min: 1, max: 3 }),
    fc.array(translationFields, { maxLength: 2 }),
  )
  .map(([op, n, where]) =>
    node({
      kind: 'collection',
      collection: 'translations',
      where: group('and', where),
      op,
      count: String(n),
    }),
  );

const arbitraryRaw = fc
  .constantFrom(
    'max length + 1 > 3',
    'count of translations = count of comments',
    'if is hidden then is visible else is duplicate',
  )
  .map((t) => raw(t));

function leaf(parentOp: GroupNode['op']) {
  return fc.oneof(arbitraryFilter(parentOp), arbitraryField, arbitraryCollection, arbitraryRaw);
}

function arbitraryGroup(depth: number, op: GroupNode['op']): fc.Arbitrary<BuilderNode[]> {
  const child: fc.Arbitrary<BuilderNode> =
    depth <= 0
      ? leaf(op)
      : fc.oneof(
          { weight: 3, arbitrary: leaf(op) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.constantFrom('and', 'or', 'xor' as const), fc.boolean())
              .chain(([childOp, negated]) =>
                arbitraryGroup(depth - 1, childOp).map((children) => group(childOp, children, negated)),
              ),
          },
        );
  return fc
    .array(child, { minLength: 2, maxLength: 3 })
    .filter((cs) => !(cs[0]!.kind === 'group' && !cs[0]!.negated && cs[0]!.op === op));
}

function arbitraryTree(): fc.Arbitrary<GroupNode> {
  return fc.oneof(
    fc
      .constantFrom('and', 'or', 'xor' as const)
      .chain((op) => arbitraryGroup(2, op).map((cs) => group(op, cs))),
    leaf('and').map((c) => group('and', [c])),
  );
}
