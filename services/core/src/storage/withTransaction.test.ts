import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/createTestDatabase.ts";
import { withTransaction } from "./withTransaction.ts";

describe("withTransaction", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    await db.pool.query("create table t (id int primary key)");
  });
  afterAll(async () => {
    await db.drop();
  });
  const ids = async () =>
    (await db.pool.query<{ id: number }>("select id from t order by id")).rows.map((r) => r.id);

  it("commits what fn wrote and returns its result", async () => {
    const out = await withTransaction(db.pool, async (c) => {
      await c.query("insert into t values (1), (2)");
      return "done";
    });
    expect(out).toBe("done");
    expect(await ids()).toEqual([1, 2]);
  });

  it("rolls back everything when fn throws, and rethrows its error", async () => {
    const boom = new Error("boom");
    await expect(
      withTransaction(db.pool, async (c) => {
        await c.query("insert into t values (3)");
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await ids()).toEqual([1, 2]);
  });

  it("opens with the given statement (a read-only transaction refuses writes)", async () => {
    await expect(
      withTransaction(db.pool, (c) => c.query("insert into t values (4)"), {
        begin: "begin isolation level repeatable read read only",
      }),
    ).rejects.toThrow(/read-only transaction/);
    expect(await ids()).toEqual([1, 2]);
  });

  it("destroys a client whose connection died inside the transaction", async () => {
    const before = db.pool.totalCount;
    expect(before).toBeGreaterThan(0);
    await expect(
      withTransaction(db.pool, async (c) => {
        await c.query("select pg_terminate_backend(pg_backend_pid())");
      }),
    ).rejects.toThrow();
    expect(db.pool.totalCount).toBe(before - 1);
    expect(await ids()).toEqual([1, 2]);
  });
});
