import { createPgPool } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatements } from "./preparedStatements.ts";

describe("preparedStatements", () => {
  let db: TestDatabase;
  // one connection, so the statements it prepared can be listed from it
  let one: pg.Pool;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    one = createPgPool({ url: db.url, max: 1 });
  });
  afterAll(async () => {
    await one.end();
    await db.drop();
  });

  const prepared = async (): Promise<string[]> =>
    (
      await one.query<{ statement: string }>(
        "select statement from pg_prepared_statements order by statement",
      )
    ).rows.map((r) => r.statement);

  it("prepares each text once per connection and answers every call with its own values", async () => {
    const q = preparedStatements(one, 2);
    const add = "select $1::int + $2::int as n";
    const twice = "select $1::text || $1::text as s";
    expect((await q.query(add, [1, 2])).rows).toEqual([{ n: 3 }]);
    expect((await q.query(add, [40, 2])).rows).toEqual([{ n: 42 }]);
    expect((await q.query(twice, ["ab"])).rows).toEqual([{ s: "abab" }]);
    expect(await prepared()).toEqual([add, twice].sort());
    // past the bound a text runs unprepared, with the same answers
    const third = "select $1::int * 3 as n";
    expect((await q.query(third, [5])).rows).toEqual([{ n: 15 }]);
    expect((await q.query(third, [6])).rows).toEqual([{ n: 18 }]);
    expect(await prepared()).toEqual([add, twice].sort());
    // another over the same pool shares the names of the texts they both run
    const other = preparedStatements(one, 2);
    expect((await other.query(twice, ["c"])).rows).toEqual([{ s: "cc" }]);
    expect((await other.query(third, [1])).rows).toEqual([{ n: 3 }]);
    // a failing call leaves the statement usable
    await expect(q.query(add, ["x", 1])).rejects.toThrow(/invalid input syntax/);
    expect((await q.query(add, [2, 2])).rows).toEqual([{ n: 4 }]);
  });
});
