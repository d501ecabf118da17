import { formatUnits, type WalletSwapRecord } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import { decodeSolanaTransaction } from "../../services/ingest/src/solana/decodeSolanaTransaction.ts";
import type { IngestBatch } from "../../services/ingest/src/writer/IngestBatch.ts";
import { writeBatch } from "../../services/ingest/src/writer/writeBatch.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { provider as walletProvider } from "../../services/query/src/wallet/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { recordedDecimals, walletNetFlow } from "./fixtureData.ts";
import { fixtureSwapCases } from "./fixtureSwapLegs.ts";

/**
 * Wallet history over HTTP from the recorded mainnet swaps: every fixture swap transaction goes
 * through the decoder and the writer, then each maker's GET /v1/wallet/swaps and
 * /v1/wallet/trades are compared with what the recorded transactions themselves show.
 */

type Asset = { tokenAddress: string; decimals: number | null; amount: number | null };
type Leg = {
  poolAddress: string;
  poolType: string;
  sent: { tokenAddress: string; amount: number | null };
  received: { tokenAddress: string; amount: number | null };
  router?: { programId: string; name?: string } | null;
};
type SwapRow = {
  id: string;
  at: number;
  txHash: string;
  block: number;
  sent: Asset[];
  received: Asset[];
  volumeNative: number | null;
  volumeUsd: number | null;
  feesNative: number | null;
  route: Leg[];
  router?: { programId: string; name?: string } | null;
};
type Page = { data: SwapRow[]; meta: { usdBasis: string; hasMore: boolean; nextCursor: string | null } };

const cases = fixtureSwapCases();
const decoded = cases.map((c) => ({
  raw: c.raw,
  result: decodeSolanaTransaction(c.raw, { fallbackAtMs: 0 }),
}));
// a SOL/USD rate for every minute holding a swap, so the served USD can be checked against it
const rateOf = (minute: number) => 100 + ((minute / 60_000) % 97);

let db: TestDatabase;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  db = await createTestDatabase();
  const minutes = new Set(
    decoded.flatMap((d) => d.result.trades.map((t) => Math.floor(t.at / 60_000) * 60_000)),
  );
  const batch: IngestBatch = {
    chain: "solana",
    blocks: [],
    trades: decoded.flatMap((d) => d.result.trades),
    walletSwaps: decoded.flatMap((d) => d.result.walletSwaps),
    pools: decoded.flatMap((d) => d.result.pools),
    tokens: decoded.flatMap((d) => d.result.tokens),
    nativePrices: [...minutes].map((minute) => ({
      minute,
      priceUsd: String(rateOf(minute)),
      source: "test",
    })),
  };
  await writeBatch(db.pool, batch);
  const api = await serveApi({
    pool: db.pool,
    name: "wallet-history",
    providers: [createMarketProvider(), walletProvider],
    endpoints: [walletEndpoints],
  });
  url = api.url;
  close = api.close;
});

afterAll(async () => {
  await close?.();
  await db?.drop();
});

async function get<T>(path: string, query: Record<string, string>): Promise<T> {
  const res = await fetch(`${url}${path}?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const whole = (raw: bigint, decimals: number | null) =>
  decimals === null ? null : Number(formatUnits(raw, decimals));

describe("GET /v1/wallet/swaps on the recorded Solana swaps", () => {
  const makers = [...new Set(decoded.flatMap((d) => d.result.trades.map((t) => t.maker)))];

  it("covers every maker of the fixtures", () => {
    expect(makers.length).toBeGreaterThanOrEqual(40);
  });

  it("serves each maker exactly the transactions in which it swapped, with its own net flows", async () => {
    for (const wallet of makers) {
      const page = await get<Page>("/v1/wallet/swaps", { chain: "solana", wallet, limit: "100" });
      expect(page.meta.usdBasis).toBe("trade");
      expect(page.meta.hasMore).toBe(false);
      const own = decoded.filter((d) => d.result.trades.some((t) => t.maker === wallet));
      expect(new Set(page.data.map((r) => r.txHash))).toEqual(new Set(own.map((d) => d.result.signature)));
      expect(page.data).toHaveLength(own.length);
      for (const row of page.data) {
        const { raw, result } = own.find((d) => d.result.signature === row.txHash)!;
        const rec = result.walletSwaps.find((s) => s.wallet === wallet) as WalletSwapRecord;
        expect(row.at).toBe(result.trades[0]!.at);
        expect(row.block).toBe(Number(result.slot));
        // sent and received: the wallet's balance changes as the recorded pre/post balances show them
        for (const [side, sign] of [
          [row.sent, -1n],
          [row.received, 1n],
        ] as const) {
          for (const a of side) {
            const d = recordedDecimals(raw, a.tokenAddress);
            expect(a.decimals).toBe(d);
            expect(a.amount, `${row.txHash} ${a.tokenAddress}`).toBe(
              whole(sign * walletNetFlow(raw, wallet, a.tokenAddress), d),
            );
          }
          const amounts = side.map((a) => a.amount ?? -1);
          expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
        }
        expect(row.sent.map((a) => a.tokenAddress).sort()).toEqual(
          rec.sent.map((a) => a.tokenAddress).sort(),
        );
        expect(row.received.map((a) => a.tokenAddress).sort()).toEqual(
          rec.received.map((a) => a.tokenAddress).sort(),
        );
        // the route: the decoded legs in order, each with the exact assets its pool exchanged
        expect(row.route.map((l) => [l.poolAddress, l.poolType])).toEqual(
          rec.route.map((l) => [l.poolAddress, l.poolType]),
        );
        row.route.forEach((l, i) => {
          const want = rec.route[i]!;
          expect(l.sent).toEqual({
            tokenAddress: want.sent.tokenAddress,
            amount: whole(want.sent.amount, recordedDecimals(raw, want.sent.tokenAddress)),
          });
          expect(l.received).toEqual({
            tokenAddress: want.received.tokenAddress,
            amount: whole(want.received.amount, recordedDecimals(raw, want.received.tokenAddress)),
          });
          expect(l.router?.programId ?? null).toBe(want.router?.programId ?? null);
        });
        // the swap's router is served on swaps from 2026-09-21 onward
        if (row.at < Date.UTC(2026, 8, 21)) expect("router" in row).toBe(false);
        else {
          expect(row.router?.programId ?? null).toBe(rec.router?.programId ?? null);
          if (rec.router?.name) expect(row.router?.name).toBe(rec.router.name);
        }
        // USD at the SOL/USD of the swap's own minute
        const rate = rateOf(Math.floor(row.at / 60_000) * 60_000);
        if (row.volumeNative === null) expect(row.volumeUsd).toBeNull();
        else expect(row.volumeUsd).toBeCloseTo(row.volumeNative * rate, 6);
      }
    }
  });
});

describe("GET /v1/wallet/trades on the recorded Solana swaps", () => {
  type TradeRow = {
    txHash: string;
    tokenAddress: string;
    isBuy: boolean;
    amountToken: number | null;
    maker: string;
    tokenSymbol: string | null;
    priceUsd: number | null;
    volumeUsd: number | null;
    logIndex?: number;
  };

  it("serves one event per transaction, token and side with the legs' amounts summed", async () => {
    const makers = [...new Set(decoded.flatMap((d) => d.result.trades.map((t) => t.maker)))];
    let events = 0;
    for (const wallet of makers) {
      const page = await get<{ data: TradeRow[]; meta: Record<string, unknown> }>("/v1/wallet/trades", {
        chain: "solana",
        wallet,
      });
      expect(page.meta.oldestAt).toBeUndefined();
      const keys = page.data.map((r) => `${r.txHash}|${r.tokenAddress}|${r.isBuy}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const r of page.data) {
        events++;
        expect(r.maker).toBe(wallet);
        expect(r.logIndex).toBeUndefined();
        const { raw, result } = decoded.find((d) => d.result.signature === r.txHash)!;
        const legs = result.trades.filter(
          (t) => t.maker === wallet && t.tokenAddress === r.tokenAddress && t.isBuy === r.isBuy,
        );
        expect(legs.length).toBeGreaterThan(0);
        const sum = legs.reduce((n, t) => n + t.amountToken, 0n);
        expect(r.amountToken).toBe(whole(sum, recordedDecimals(raw, r.tokenAddress)));
      }
    }
    expect(events).toBeGreaterThanOrEqual(40);
  });
});
