// The compiled evaluator against the naive interpreter (an independent, straightforward reading of the same
// rules) on generated data: every spec query and a few queries that exercise the fast paths.
import { describe, expect, it } from 'vitest';
import { compile } from './compile.ts';
import { specQueries } from './corpus.ts';
import { GENERATED_LANGUAGES, GENERATED_USERS, generateStrings } from './generate.ts';
import { interpret } from './interpret.ts';
import { parse } from './parse.ts';
import { fieldsOf, rootType } from './schema.ts';
import type { EvalEnv } from './types.ts';

const env: EvalEnv = {
  users: GENERATED_USERS,
  languages: GENERATED_LANGUAGES,
  now: new Date('2024-06-15T12:00:00Z'),
};
const data = generateStrings(400, 3);

const extra = [
  'not is hidden or is duplicate xor count of comments >= 2',
  'max length between 10 and 30 and not (max length = 20)',
  'count of translations where (user = 1 and count of votes where (is up and user != 2) > 1) < 2',
  'text contains "S" or text = "Save" or text != "Open file"',
  "added < '2024-03-01' or updated >= 'today'",
  'count of languages summary where (rating * 2 - approvalsCount > 3) > 0',
  'id of file = 3 or name of file contains "7"',
  'count of translations where (text contains "save" and is hidden) > 0',
  'if is hidden then count of comments > 0 else count of comments = 0',
];

describe('compiled evaluator agrees with the naive interpreter', () => {
  const queries = [...specQueries.filter((q) => q.context === 'strings').map((q) => q.text), ...extra];
  it.each(queries)('%s', (query) => {
    const { predicate, diagnostics } = compile(query, 'strings', env);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ast = parse(query).ast!;
    for (const obj of data) expect(predicate!(obj), String(obj.id)).toBe(interpret(ast, 'strings', env, obj));
  });
});

describe('`member of object OP constant` (the fused member read) agrees with the interpreter', () => {
  // Every scalar member of every object field of a string, with each operator and constants taken from the
  // data (so both answers occur), over the data and over objects whose member or object is missing.
  const odd = [
    {},
    { file: null, branch: null },
    { file: 'x', branch: 3 },
    { file: { id: 3, path: null }, branch: { id: null, name: { other: 'main' } } },
    { file: { id: 3, name: { one: 'a 7', other: 'b' } }, branch: { id: 2, name: 'Main' } },
  ];
  const queries: string[] = [];
  for (const owner of fieldsOf(rootType('strings'))) {
    if (owner.type.kind !== 'object') continue;
    for (const member of fieldsOf(owner.type.objectType)) {
      if (member.type.kind !== 'scalar' || member.type.type === 'boolean') continue;
      const seen = data
        .map((o) => (o[owner.key] as Record<string, unknown> | undefined)?.[member.key])
        .filter((v) => v !== undefined && v !== null);
      const sample = seen[0];
      if (sample === undefined) continue;
      const literal =
        typeof sample === 'number'
          ? String(sample)
          : member.type.type === 'datetime'
            ? `'${String(sample).slice(0, 10)}'`
            : `"${String(sample).replace(/[\\"]/g, (c) => '\\' + c)}"`;
      const ops = member.type.type === 'string' ? ['=', '!=', 'contains'] : ['=', '!=', '>', '>=', '<', '<='];
      for (const op of ops) queries.push(`${member.name} of ${owner.name} ${op} ${literal}`);
    }
  }
  it('covers the object fields', () => expect(queries.length).toBeGreaterThan(8));
  it.each(queries)('%s', (query) => {
    const { predicate, diagnostics } = compile(query, 'strings', env);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ast = parse(query).ast!;
    for (const obj of [...data, ...odd])
      expect(predicate!(obj), JSON.stringify(obj).slice(0, 80)).toBe(interpret(ast, 'strings', env, obj));
  });
});
