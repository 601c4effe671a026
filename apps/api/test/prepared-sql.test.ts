/**
 * selectRowsPrepared and sqlLiteral (db/client.ts): on PGlite the nearby reads are prepared once and executed with
 * their values written in as literals. Texts that try to break out of their quotes stay texts, a minus sign never
 * starts a comment, values that have no safe literal are refused, and the rows are the parameterised query's; a
 * shape is prepared once however many ask at once, and a failed run leaves no setting behind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, selectRowsPrepared, sqlLiteral } from '../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

describe('sqlLiteral', () => {
  it('writes numbers in parentheses and texts in doubled quotes', () => {
    expect([1, -0.5, "it's", null, 22].map(sqlLiteral)).toEqual(['(1)', '(-0.5)', "'it''s'", 'NULL', '(22)']);
  });

  it('refuses values with no safe literal', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow('not a finite number');
    expect(() => sqlLiteral(Number.POSITIVE_INFINITY)).toThrow('not a finite number');
    expect(() => sqlLiteral('a\0b')).toThrow('NUL');
    expect(() => sqlLiteral(true)).toThrow('no literal for a boolean');
  });
});

describe('selectRowsPrepared: values', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('refuses, on PGlite, a query whose own words hold a placeholder', async () => {
    await expect(selectRowsPrepared(testDb.database.db, sql`SELECT '$1' AS price, ${5}::int AS n`)).rejects.toThrow('each value must appear once');
  });

  const hostile = ["'; DROP TABLE vendors; --", "\\'", "O'Brien\\", '$1', 'ħelu ta’ Malta 🍰', '--', "''"];

  it.each(hostile)('reads %j back as the same text, like the parameterised query', async (text) => {
    const query = () => sql`SELECT ${text}::text AS text, ${-3}::int - ${-2}::int AS difference, ${2.5}::float8 AS half, ${text}::text = ${text}::text AS same`;
    const inline = await selectRowsPrepared<Record<string, unknown>>(testDb.database.db, query());
    const parameterised = await selectRows<Record<string, unknown>>(testDb.database.db, query());
    expect(inline).toEqual([{ text, difference: -1, half: 2.5, same: true }]);
    expect(inline).toEqual(parameterised);
    // Nothing ran but the one SELECT: the table a hostile text names is still there.
    const [vendors] = await selectRows<{ count: number }>(testDb.database.db, sql`SELECT count(*)::int AS count FROM vendors`);
    expect(typeof vendors?.count).toBe('number');
  });
});

describe('selectRowsPrepared: statements', () => {
  const db = () => testDb.database.db;

  it('prepares a shape once when many ask at once, and answers each with its own values', async () => {
    const values = Array.from({ length: 8 }, (_, index) => index * 1.5 - 3);
    const answers = await Promise.all(values.map((value) => selectRowsPrepared<{ twice: number }>(db(), sql`SELECT ${value}::float8 * 2 AS twice, 'once' AS shape`)));
    expect(answers.map(([row]) => row?.twice)).toEqual(values.map((value) => value * 2));
    if (testDb.database.kind !== 'pglite') return;
    const statements = await selectRows<{ count: number }>(db(), sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement LIKE '%''once'' AS shape%'`);
    expect(statements[0]?.count).toBe(1);
  });

  it('leaves the plan cache setting as it was, after a run that fails too', async () => {
    const divide = (by: number) => selectRowsPrepared<{ quotient: number }>(db(), sql`SELECT 1 / ${by}::int AS quotient`);
    expect(await divide(1)).toEqual([{ quotient: 1 }]);
    const failed = await divide(0).then(
      () => undefined,
      (error: unknown) => error as { message: string; cause?: { message: string } },
    );
    expect(failed?.cause?.message ?? failed?.message).toBe('division by zero');
    const [mode] = await selectRows<{ plan_cache_mode: string }>(db(), sql`SHOW plan_cache_mode`);
    expect(mode?.plan_cache_mode).toBe('auto');
    expect(await divide(1)).toEqual([{ quotient: 1 }]);
  });
});
