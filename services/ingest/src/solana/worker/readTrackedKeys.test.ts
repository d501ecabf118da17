import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrowingSet } from "./createFingerprintSet.ts";
import { readNativeWallets, readTrackedTokens } from "./readTrackedKeys.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

/** Reads the keys at each chunk size and expects exactly `members` among `members` and `outsiders`. */
async function expectChunkedReads(
  read: (chunk?: number) => Promise<GrowingSet>,
  chunks: number[],
  members: string[],
  outsiders: string[],
): Promise<void> {
  for (const chunk of [...chunks, undefined]) {
    const set = await read(chunk);
    expect(set.size, `chunk ${chunk ?? "default"}`).toBe(members.length);
    for (const k of members) expect(set.has(k), k).toBe(true);
    for (const k of outsiders) expect(set.has(k), k).toBe(false);
  }
}

describe("the Solana worker's tracked keys", () => {
  it("reads every lamports account, chunk by chunk, and nothing of other tokens", async () => {
    const wallets = Array.from({ length: 23 }, (_, i) => `W${String(i).padStart(3, "0")}native`);
    const rows = [
      ...wallets.map((w) => [`solana/${SOLANA_LAMPORTS_TOKEN}`, w]),
      ["solana/SomeMint111", "Wother"],
      [`evm:1/${SOLANA_LAMPORTS_TOKEN}`, "Wevm"],
    ];
    await db.pool.query(
      `insert into token_accounts (token_key, chain_id, account, owner, amount, first_block)
       select k, split_part(k, '/', 1), a, a, 1, 1 from unnest($1::text[], $2::text[]) as u(k, a)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    await expectChunkedReads((c) => readNativeWallets(db.pool, c), [1, 5, 23], wallets, ["Wother", "Wevm"]);
  });

  it("reads every tracked Solana token, chunk by chunk, and no other chain's", async () => {
    const tokens = Array.from({ length: 17 }, (_, i) => `Mint${String(i).padStart(3, "0")}`);
    const rows = [...tokens.map((t) => ["solana", t]), ["evm:1", "0xabc"]];
    await db.pool.query(
      `insert into token_holder_stats (token_key, chain_id, token_address, tracked_block)
       select c || '/' || t, c, t, 1 from unnest($1::text[], $2::text[]) as u(c, t)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    await expectChunkedReads((c) => readTrackedTokens(db.pool, c), [1, 4, 17], tokens, ["0xabc"]);
  });
});
