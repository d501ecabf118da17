import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgArray } from "./pgArray.ts";

describe("pgArray", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("reads back in PostgreSQL as the values given, quoting and escaping only where needed", async () => {
    const texts = [
      "0xAbC123",
      "evm:8453/0xabc",
      "",
      "NULL",
      "null",
      null,
      undefined,
      'a "quoted" \\ back\\slash',
      '[{"tokenAddress":"0x1","amount":"-12.5"}]',
      "with space",
      "{braces},comma",
      "é",
    ];
    const res = await db.pool.query<{ v: (string | null)[] }>("select $1::text[] as v", [pgArray(texts)]);
    expect(res.rows[0]!.v).toEqual(texts.map((t) => t ?? null));
    const nums = await db.pool.query<{ n: string[]; b: boolean[]; i: string[] }>(
      "select ($1::numeric[])::text[] as n, $2::bool[] as b, $3::bigint[] as i",
      [pgArray(["-1.25", "1e-7", null]), pgArray([true, false, null]), pgArray([1n, 2, -(2n ** 62n)])],
    );
    expect(nums.rows[0]).toEqual({
      n: ["-1.25", "0.0000001", null],
      b: [true, false, null],
      i: ["1", "2", (-(2n ** 62n)).toString()],
    });
  });
});
