// Array parameters on the PostgreSQL store (src/app-server/store/sql.ts arrayLiteral): what a statement
// reads from an array of numbers, booleans or strings is that array, whatever its strings hold, as when
// node-postgres built the literal itself. On a real PostgreSQL server.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { arrayLiteral, openPostgres, type Sql } from '../../../app-server/store/sql.ts';
import { startPostgres, type TestPostgres } from './test-postgres.ts';

let pg: TestPostgres;
let sql: Sql;
beforeAll(async () => {
  pg = await startPostgres();
  sql = await openPostgres(pg.url);
}, 120_000);
afterAll(async () => {
  await sql?.close();
  await pg?.stop();
});

const TRICKY = [
  'plain',
  '',
  'NULL',
  'null',
  'a,b',
  '{braces}',
  'say "hi"',
  'back\\slash',
  '\\"',
  ' leading and trailing ',
  'tab\tnew\nline',
  'Українська, 日本語, 🙂',
  'acme|12|uk|1001|7',
];

it('reads back strings of every kind, nulls among them, in and out of a transaction', async () => {
  const values = [...TRICKY, null];
  const [row] = await sql.query<{ a: (string | null)[] }>('select $1::text[] as a', [values]);
  expect(row!.a).toEqual(values);
  const inTx = await sql.transaction((tx) => tx.query<{ a: string[] }>('select $1::text[] as a', [TRICKY]));
  expect(inTx[0]!.a).toEqual(TRICKY);
  // Unnested with other arrays, as the inbox's put reads them.
  const rows = await sql.query<{ s: string; n: number; b: boolean }>(
    'select * from unnest($1::text[], $2::int[], $3::boolean[]) as u(s, n, b)',
    [TRICKY, TRICKY.map((_, i) => i - 3), TRICKY.map((_, i) => i % 2 === 0)],
  );
  expect(rows).toEqual(TRICKY.map((s, i) => ({ s, n: i - 3, b: i % 2 === 0 })));
});

it('reads back numbers, booleans and empty arrays; leaves other arrays to the driver', async () => {
  const [row] = await sql.query<{ i: number[]; big: string[]; b: boolean[]; e: number[]; f: number[] }>(
    'select $1::int[] as i, $2::bigint[] as big, $3::boolean[] as b, $4::int[] as e, $5::float8[] as f',
    [[1, -2, 2147483647], [9007199254740993n, 1], [true, false], [], [1.5, -0.25, 1e-7]],
  );
  expect(row).toEqual({
    i: [1, -2, 2147483647],
    big: ['9007199254740993', '1'],
    b: [true, false],
    e: [],
    f: [1.5, -0.25, 1e-7],
  });
  expect(arrayLiteral([new Date(0)])).toBeNull();
  expect(arrayLiteral([[1], [2]])).toBeNull();
  const [dates] = await sql.query<{ d: Date[] }>('select $1::timestamptz[] as d', [[new Date(0)]]);
  expect(dates!.d.map((d) => d.getTime())).toEqual([0]);
});
