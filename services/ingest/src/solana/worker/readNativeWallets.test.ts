import { SOLANA_LAMPORTS_TOKEN } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNativeWallets } from "./readNativeWallets.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe("readNativeWallets", () => {
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
});
