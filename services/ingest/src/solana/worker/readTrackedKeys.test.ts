import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNativeWallets, readTrackedTokens } from "./readTrackedKeys.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

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
    for (const chunk of [1, 5, 23, 50_000]) {
      const set = await readNativeWallets(db.pool, chunk);
      expect(set.size, `chunk ${chunk}`).toBe(wallets.length);
      for (const w of wallets) expect(set.has(w), w).toBe(true);
      expect(set.has("Wother")).toBe(false);
      expect(set.has("Wevm")).toBe(false);
    }
    expect((await readNativeWallets(db.pool)).size).toBe(wallets.length);
  });

  it("reads every tracked Solana token, chunk by chunk, and no other chain's", async () => {
    const tokens = Array.from({ length: 17 }, (_, i) => `Mint${String(i).padStart(3, "0")}`);
    const rows = [...tokens.map((t) => ["solana", t]), ["evm:1", "0xabc"]];
    await db.pool.query(
      `insert into token_holder_stats (token_key, chain_id, token_address, tracked_block)
       select c || '/' || t, c, t, 1 from unnest($1::text[], $2::text[]) as u(c, t)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1])],
    );
    for (const chunk of [1, 4, 17, 50_000]) {
      const set = await readTrackedTokens(db.pool, chunk);
      expect(set.size, `chunk ${chunk}`).toBe(tokens.length);
      for (const t of tokens) expect(set.has(t), t).toBe(true);
      expect(set.has("0xabc")).toBe(false);
    }
  });
});
