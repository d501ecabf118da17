import type { WalletFundingRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rollbackTo } from "./rollbackTo.ts";
import { writeBatch } from "./writeBatch.ts";

/** The writer keeps each wallet's earliest funding in chain order, and a rollback drops the removed blocks' rows. */

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const f = (
  wallet: string,
  block: number,
  txIndex: number,
  position: number,
  funder = `f-${block}`,
): WalletFundingRecord => ({
  chain: "solana",
  wallet,
  funder,
  fundedAt: block * 400,
  block: BigInt(block),
  txIndex,
  position,
  txHash: `sig-${block}-${txIndex}-${position}`,
  amountNative: BigInt(block * 1000 + position),
});
const write = (fundings: WalletFundingRecord[]) =>
  writeBatch(db.pool, {
    chain: "solana",
    blocks: [],
    trades: [],
    pools: [],
    tokens: [],
    walletFundings: fundings,
  });
const stored = async () =>
  Object.fromEntries(
    (
      await db.pool.query<{ wallet: string; tx_hash: string }>(
        "select wallet, tx_hash from wallet_funding order by wallet",
      )
    ).rows.map((r) => [r.wallet, r.tx_hash]),
  );

describe("wallet funding rows", () => {
  it("keep the earliest transfer per wallet by block, transaction and position", async () => {
    await write([f("a", 20, 3, 1), f("a", 20, 2, 5), f("b", 30, 0, 0)]);
    expect(await stored()).toEqual({ a: "sig-20-2-5", b: "sig-30-0-0" });
    await write([f("a", 25, 0, 0), f("b", 30, 0, 0), f("c", 40, 1, 1)]);
    expect(await stored()).toEqual({ a: "sig-20-2-5", b: "sig-30-0-0", c: "sig-40-1-1" });
    await write([f("a", 20, 2, 4), f("b", 12, 9, 9)]);
    expect(await stored()).toEqual({ a: "sig-20-2-4", b: "sig-12-9-9", c: "sig-40-1-1" });
    const row = await db.pool.query(
      "select funder, funded_at, amount_native::text as amount from wallet_funding where wallet = 'b'",
    );
    expect(row.rows[0]).toEqual({ funder: "f-12", funded_at: "4800", amount: "12009" });
  });

  it("lose the rows of blocks a rollback removes, and get them back from the re-ingested chain", async () => {
    await rollbackTo(db.pool, "solana", 19n);
    expect(await stored()).toEqual({ b: "sig-12-9-9" });
    await write([f("a", 21, 0, 0), f("c", 22, 0, 0)]);
    expect(await stored()).toEqual({ a: "sig-21-0-0", b: "sig-12-9-9", c: "sig-22-0-0" });
  });
});
