import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { fixtureRecording } from "./fixtureData.ts";
import { fileKey, flatInstructions, subtreeTransfers, tokenMint, tokenOwner } from "./fixtureSwapLegs.ts";

/**
 * Tessera V keeps the vaults of all its pools under one global state account (the swap's account
 * 0) and names the pool at account 1. Its legs are read by the generic detector; the pool must be
 * account 1, not the vaults' owner, or every Tessera pair lands on one pool (a pump token's USDC
 * leg inside a DFlow route once became a trade of the SOL/USDC pool). Expected figures come from
 * each swap's own inner transfers and the transaction's token balances, read here from the JSON.
 */

const TESSERA_V = "TessVdML9pBGgG9yGks7o4HewRaXVAMuoVj4x83GLQH";
type Raw = Record<string, unknown>;

/** Every Tessera V invocation of the fixtures that moved tokens, with its transfers. */
function tesseraSwaps() {
  const out: { key: string; raw: Raw; index: number; accounts: string[] }[] = [];
  for (const t of fixtureRecording().transactions) {
    if (t.encoding !== "json") continue;
    const raw = t.raw as Raw;
    if ((raw.meta as Raw).err !== null) continue;
    flatInstructions(raw).forEach((ix, index) => {
      if (ix.programId === TESSERA_V && subtreeTransfers(raw, index).length > 0)
        out.push({ key: fileKey(t.file), raw, index, accounts: ix.accounts });
    });
  }
  return out;
}

describe("Tessera V pools", () => {
  const swaps = tesseraSwaps();

  it("finds the fixtures' Tessera V swaps, the DFlow route through a pump token's pool among them", () => {
    expect(swaps.map((s) => s.key).sort()).toEqual([
      "swap_frlmh_1",
      "swap_goosefx_gamma_1",
      "swap_okxlabs2_via_jupiter_1",
    ]);
  });

  for (const s of swaps) {
    it(`${s.key}: the leg is the swap's own inner transfers, on the pool at account 1`, () => {
      const global = s.accounts[0]!;
      const transfers = subtreeTransfers(s.raw, s.index);
      // one transfer in (signed by the trader's side), one out of a vault the global state signs for
      const paidIn = transfers.filter((t) => t.authority !== global);
      const paidOut = transfers.filter((t) => t.authority === global);
      expect(paidIn).toHaveLength(1);
      expect(paidOut).toHaveLength(1);
      const into = paidIn[0]!;
      const out = paidOut[0]!;
      // both vaults belong to the global state: their owner cannot tell one pool from another
      expect(tokenOwner(s.raw, into.destination)).toBe(global);
      expect(tokenOwner(s.raw, out.source)).toBe(global);

      const decoded = decodeSolanaTransaction(s.raw, { fallbackAtMs: 0 });
      const legs = decoded.genericLegs.filter((l) => l.flatIndex === s.index);
      expect(legs).toHaveLength(1);
      const leg = legs[0]!;
      expect(leg.venueType).toBe("TESSERA_V");
      expect(leg.pool).toBe(s.accounts[1]);
      expect(leg.mintIn).toBe(tokenMint(s.raw, into.source));
      expect(leg.amountIn).toBe(into.amount);
      expect(leg.mintOut).toBe(tokenMint(s.raw, out.destination));
      expect(leg.amountOut).toBe(out.amount);

      const rows = decoded.trades.filter((t) => t.pool === leg.pool);
      expect(rows).toHaveLength(1);
      expect([rows[0]!.tokenAddress, rows[0]!.quoteAddress].sort()).toEqual([leg.mintIn, leg.mintOut].sort());
    });
  }

  it("gives every Tessera V pair its own pool: each pool trades one pair", () => {
    const pairs = new Map<string, Set<string>>();
    for (const s of swaps) {
      const transfers = subtreeTransfers(s.raw, s.index);
      const pair = transfers
        .map((t) => tokenMint(s.raw, t.source))
        .sort()
        .join("/");
      const pool = decodeSolanaTransaction(s.raw, { fallbackAtMs: 0 }).genericLegs.find(
        (l) => l.flatIndex === s.index,
      )!.pool;
      pairs.set(pool, (pairs.get(pool) ?? new Set()).add(pair));
    }
    expect(pairs.size).toBe(2);
    for (const set of pairs.values()) expect(set.size).toBe(1);
  });
});
