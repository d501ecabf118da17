import { formatUnits, SOLANA_NATIVE_MINT } from "@tapeline/core";
import bs58 from "bs58";
import { describe, expect, it } from "vitest";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import { SOLANA_QUOTE_PRIORITY } from "../../services/ingest/src/solana/solanaPrograms.ts";
import { EXPECTED } from "./expectedSwapRows.ts";
import { fixtureRecording, manifestVenues, rawView } from "./fixtureData.ts";

/** Sum of the Token-2022 TransferChecked instructions (tag 12) into `account`, read from the raw data. */
function transfersInto(raw: Record<string, unknown>, account: string): bigint {
  const view = rawView(raw);
  const meta = raw.meta as {
    innerInstructions: { instructions: { programIdIndex: number; accounts: number[]; data: string }[] }[];
  };
  let sum = 0n;
  for (const g of meta.innerInstructions) {
    for (const ix of g.instructions) {
      const d = Buffer.from(bs58.decode(ix.data));
      if (view.keys[ix.programIdIndex] !== TOKEN_2022 || d[0] !== 12) continue;
      if (view.keys[ix.accounts[2]!] === account) sum += d.readBigUInt64LE(1);
    }
  }
  return sum;
}
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

const PUMP = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
/**
 * pump.fun TradeEvent read by hand from the IDL (yellowstone-vixen pump.json): anchor event tag,
 * discriminator bddb7fd34ee661ee, then mint (32), sol_amount (u64), token_amount (u64), is_buy (bool).
 */
function pumpTradeEvents(
  raw: Record<string, unknown>,
): { mint: string; sol: bigint; tokens: bigint; isBuy: boolean }[] {
  const view = rawView(raw);
  const meta = raw.meta as {
    innerInstructions: { instructions: { programIdIndex: number; data: string }[] }[];
  };
  const out: { mint: string; sol: bigint; tokens: bigint; isBuy: boolean }[] = [];
  for (const g of meta.innerInstructions) {
    for (const ix of g.instructions) {
      if (view.keys[ix.programIdIndex] !== PUMP) continue;
      const d = Buffer.from(bs58.decode(ix.data));
      if (d.subarray(0, 16).toString("hex") !== "e445a52e51cb9a1dbddb7fd34ee661ee") continue;
      out.push({
        mint: bs58.encode(d.subarray(16, 48)),
        sol: d.readBigUInt64LE(48),
        tokens: d.readBigUInt64LE(56),
        isBuy: d[64] === 1,
      });
    }
  }
  return out;
}

/** Owners of the vaults of venues whose pools share one authority. */
const AUTHORITY: Record<string, string> = {
  RAYDIUM_AMM_V4: "5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1",
  RAYDIUM_CPMM: "GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL",
  METEORA_DAMM_V2: "HLnpSz9h2S4hiLQ43rnSD9XkcUThA7B8hQMKmDaiTLcC",
  METEORA_DBC: "FhVo3mqL8PW5pH5U2CN4XE33DokiyZnUwuGpH2hmHLuM",
  RAYDIUM_LAUNCHLAB: "WLHv2UAZm6z4KyaaELi5pjdbJh6RESMva1Rnn8pJVVh",
};

/** Venue names as the fixtures manifest writes them. */
const MANIFEST_NAME: Record<string, string> = {
  PUMPFUN: "pumpfun",
  PUMPSWAP: "pumpswap",
  RAYDIUM_AMM_V4: "raydium_amm_v4",
  RAYDIUM_CPMM: "raydium_cpmm",
  RAYDIUM_CLMM: "raydium_clmm",
  RAYDIUM_LAUNCHLAB: "raydium_launchlab",
  ORCA_WHIRLPOOL: "orca_whirlpool",
  METEORA_DLMM: "meteora_dlmm",
  METEORA_DAMM_V1: "meteora_damm_v1",
  METEORA_DAMM_V2: "meteora_damm_v2",
  METEORA_DBC: "meteora_dbc",
};

function quoteRank(mint: string): number {
  const r = SOLANA_QUOTE_PRIORITY.indexOf(mint);
  return r < 0 ? Number.MAX_SAFE_INTEGER : r;
}

const fileKey = (file: string): string =>
  file.split("/").pop()!.replace(".json-encoding.json", "").replace(".json", "");

const recording = fixtureRecording();
const byKey = new Map(recording.transactions.map((t) => [fileKey(t.file), t]));
const manifest = manifestVenues();

describe("Solana decoders on every successful fixture swap", () => {
  for (const [key, rows] of Object.entries(EXPECTED)) {
    it(`${key}: ${rows.length} row(s)`, () => {
      const rec = byKey.get(key);
      expect(rec, key).toBeDefined();
      const raw = rec!.raw as Record<string, unknown>;
      const view = rawView(raw);
      const result = decodeSolanaTransaction(raw, { fallbackAtMs: 0 });
      expect(result.failed).toBe(false);
      expect(result.trades).toHaveLength(rows.length);
      const fees = formatUnits(view.feeWithTipsLamports(), 9);
      const venues = manifest.get(view.signature) ?? [];

      type Computed = { base: string; quote: string; dBase: bigint; dQuote: bigint };
      const computed = rows.map((row): Computed => {
        if (row.fromEvent) {
          const ev = pumpTradeEvents(raw)[0]!;
          return {
            base: ev.mint,
            quote: SOLANA_NATIVE_MINT,
            dBase: ev.isBuy ? -ev.tokens : ev.tokens,
            dQuote: ev.isBuy ? ev.sol : -ev.sol,
          };
        }
        if (row.venue === "PUMPFUN") {
          const [mint] = view.mintsMoved([row.pool]);
          return {
            base: mint!,
            quote: SOLANA_NATIVE_MINT,
            dBase: view.ownerDelta([row.pool], mint!),
            dQuote: view.lamportDelta(row.pool),
          };
        }
        const byAccount = row.vaults !== undefined;
        const where = row.vaults ?? row.owners ?? [AUTHORITY[row.venue] ?? row.pool];
        const delta = (m: string) => (byAccount ? view.accountDelta(where, m) : view.ownerDelta(where, m));
        const mints = view.mintsMoved(where, byAccount);
        expect(mints, `${key} ${row.pool} pool-side mints`).toHaveLength(2);
        // quote: the higher-priority mint; two unranked mints quote in the greater address
        const [quote, base] = [...mints].sort((a, b) => quoteRank(a) - quoteRank(b) || (a < b ? 1 : -1));
        return { base: base!, quote: quote!, dBase: delta(base!), dQuote: delta(quote!) };
      });

      const samePool = new Map<string, number[]>();
      rows.forEach((r, i) => {
        samePool.set(r.pool, [...(samePool.get(r.pool) ?? []), i]);
      });

      rows.forEach((row, i) => {
        const c = computed[i]!;
        const got = result.trades.find((t) => t.pool === row.pool && t.maker === row.maker);
        expect(got, `${key} row for ${row.pool} by ${row.maker}`).toBeDefined();
        const t = got!;
        expect(venues, `${key} manifest venues`).toContain(MANIFEST_NAME[row.venue]);
        expect(result.pools.find((p) => p.address === row.pool)?.venueType).toBe(row.venue);
        expect(view.signers).toContain(t.maker);
        expect(t.router?.programId ?? null).toBe(row.router);
        expect(t.tokenAddress).toBe(c.base);
        expect(t.quoteAddress).toBe(c.quote);
        expect(t.feesNative).toBe(fees);
        expect(t.txHash).toBe(view.signature);
        expect(t.id.startsWith(`${view.signature}:`)).toBe(true);
        const group = samePool.get(row.pool)!;
        if (group.length === 1) {
          // the pool gave the base token: a buy
          expect(t.isBuy).toBe(c.dBase < 0n);
          const tokenAmount = row.tokenFromTransferTo
            ? transfersInto(raw, row.tokenFromTransferTo)
            : row.tokenFromUser
              ? view.ownerDelta([row.maker], c.base)
              : c.dBase;
          expect(t.amountToken).toBe(tokenAmount < 0n ? -tokenAmount : tokenAmount);
          expect(t.amountQuote).toBe(c.dQuote < 0n ? -c.dQuote : c.dQuote);
          expect(t.isWash).toBe(false);
        }
      });

      // Several makers in one pool: the rows together account for the pool's balance change.
      for (const [pool, idx] of samePool) {
        if (idx.length < 2) continue;
        const c = computed[idx[0]!]!;
        const trades = result.trades.filter((t) => t.pool === pool);
        const netToken = trades.reduce((s, t) => s + (t.isBuy ? t.amountToken : -t.amountToken), 0n);
        const netQuote = trades.reduce((s, t) => s + (t.isBuy ? t.amountQuote : -t.amountQuote), 0n);
        expect(netToken).toBe(-c.dBase);
        expect(netQuote).toBe(c.dQuote);
        const bothSides = trades.some((t) => t.isBuy) && trades.some((t) => !t.isBuy);
        for (const t of trades) {
          expect(t.isWash).toBe(bothSides);
          // each buyer of a one-sided group received exactly its row's tokens
          if (!bothSides) expect(view.ownerDelta([t.maker], c.base)).toBe(t.amountToken);
        }
      }
    });
  }
});
