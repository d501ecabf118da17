import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSolanaReplayServer,
  type SolanaReplayServer,
} from "../../services/ingest/src/solana/replay/createSolanaReplayServer.ts";
import type { ReplayBlock } from "../../services/ingest/src/solana/replay/ReplayBlock.ts";
import { replayBlocksFromRecording } from "../../services/ingest/src/solana/replay/replayBlocksFromRecording.ts";
import { createSolanaRpcSource } from "../../services/ingest/src/solana/source/createSolanaRpcSource.ts";
import { createSolanaWorker } from "../../services/ingest/src/solana/worker/createSolanaWorker.ts";
import { fixtureRecording, rawView } from "../solana/fixtureData.ts";
import { startMarketApi } from "./startMarketApi.ts";

/**
 * The Solana read paths over Solana rows: the recorded mainnet blocks are replayed through the
 * JSON-RPC replay server into the Solana worker (which also writes the SOL/USD minutes), then the
 * HTTP API is read. Expected USD values come from the stored native_prices minutes and the raw
 * swap amounts (lamports), never from the API's own figures; launchpad facts come from the raw
 * creation transaction.
 */

const WSOL = "So11111111111111111111111111111111111111112";
const PUMPFUN = "6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P";
const MINUTE_MS = 60_000;
/** A swap's SOL/USD is the latest stored minute at or before its own minute, at most an hour old. */
const RATE_MAX_AGE_MS = 3_600_000;

let db: TestDatabase;
let server: SolanaReplayServer;
let blocks: ReplayBlock[];
let api: Awaited<ReturnType<typeof startMarketApi>>;
let minutes: { minute: number; usd: number }[];

type StoredTrade = {
  market: string;
  pool_address: string;
  id: string;
  tx_hash: string;
  at: string;
  is_buy: boolean;
  amount_token: string;
  amount_quote: string;
  quote_address: string;
  token_address: string;
};
let trades: StoredTrade[];

beforeAll(async () => {
  db = await createTestDatabase();
  blocks = replayBlocksFromRecording(fixtureRecording());
  server = await createSolanaReplayServer({ blocks });
  const source = createSolanaRpcSource({ endpoints: [server.url], backoffMs: 1 });
  await createSolanaWorker({ source, db: db.pool, startSlot: BigInt(server.slots[0]!) }).runUntil(
    BigInt(server.slots.at(-1)!),
  );
  const np = await db.pool.query<{ minute: string; price_usd: string }>(
    "select minute::text, price_usd::text from native_prices where chain_id = 'solana' order by minute",
  );
  minutes = np.rows.map((r) => ({ minute: Number(r.minute), usd: Number(r.price_usd) }));
  trades = (
    await db.pool.query<StoredTrade>(
      `select market, pool_address, id, tx_hash, at::text, is_buy, amount_token::text, amount_quote::text,
              quote_address, token_address
       from trades where chain_id = 'solana'`,
    )
  ).rows;
  api = await startMarketApi(db.pool);
});

afterAll(async () => {
  await api?.close();
  await server?.close();
  await db?.drop();
});

/** SOL/USD of the minute holding `atMs`, from the stored minutes; null when none is recent enough. */
function rateOf(atMs: number): number | null {
  const m = atMs - (atMs % MINUTE_MS);
  let best: number | null = null;
  for (const r of minutes) if (r.minute <= m && r.minute > m - RATE_MAX_AGE_MS) best = r.usd;
  return best;
}

const close = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const r = await fetch(`${api.url}${path}`);
  return { status: r.status, body: (await r.json()) as T };
}

type TradeRow = { id: string; isWash: boolean | null; volumeUsd: number | null; volumeNative: number | null };
type TradePage = {
  data: TradeRow[];
  meta: { usdBasis: string; hasMore: boolean; nextCursor: string | null };
};

async function allTrades(pool: string, extra = ""): Promise<{ rows: TradeRow[]; bases: string[] }> {
  const rows: TradeRow[] = [];
  const bases: string[] = [];
  let cursor: string | null = null;
  do {
    const c: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const { status, body } = await get<TradePage>(
      `/v1/pool/trades?chain=solana&address=${pool}&limit=500${extra}${c}`,
    );
    expect(status).toBe(200);
    rows.push(...body.data);
    bases.push(body.meta.usdBasis);
    cursor = body.meta.hasMore ? body.meta.nextCursor : null;
  } while (cursor);
  return { rows, bases };
}

describe("Solana reads over replayed mainnet blocks", () => {
  it("the replay stored SOL-quoted swaps, wash pairs and SOL/USD minutes to read", () => {
    expect(minutes.length).toBeGreaterThan(0);
    expect(trades.filter((t) => t.quote_address === WSOL).length).toBeGreaterThan(50);
  });

  it("GET /v1/pool/trades: usdBasis trade, isWash by the same-transaction rule, wash filters, each swap at its own minute's SOL/USD", async () => {
    // Wash rule of the contract: one transaction both buys and sells the pool's token.
    const sides = new Map<string, Set<boolean>>();
    for (const t of trades) {
      const k = `${t.tx_hash}|${t.market}`;
      sides.set(k, (sides.get(k) ?? new Set()).add(t.is_buy));
    }
    const washOf = (t: StoredTrade) => (sides.get(`${t.tx_hash}|${t.market}`)?.size ?? 0) > 1;
    expect(trades.some(washOf)).toBe(true);

    const byPool = new Map<string, StoredTrade[]>();
    for (const t of trades) byPool.set(t.pool_address, [...(byPool.get(t.pool_address) ?? []), t]);
    let priced = 0;
    for (const [pool, stored] of byPool) {
      const { rows, bases } = await allTrades(pool);
      expect(new Set(bases)).toEqual(new Set(["trade"]));
      expect(rows.map((r) => r.id).sort()).toEqual(stored.map((t) => t.id).sort());
      const byId = new Map(stored.map((t) => [t.id, t]));
      for (const r of rows) {
        const t = byId.get(r.id)!;
        expect(typeof r.isWash, r.id).toBe("boolean");
        expect(r.isWash, r.id).toBe(washOf(t));
        if (t.quote_address !== WSOL) continue;
        const rate = rateOf(Number(t.at));
        if (rate === null) expect(r.volumeUsd, r.id).toBeNull();
        else {
          close(r.volumeUsd as number, (Number(t.amount_quote) / 1e9) * rate);
          priced++;
        }
      }
      if (stored.some(washOf)) {
        const only = await allTrades(pool, "&wash=washOnly");
        expect(only.rows.map((r) => r.id).sort()).toEqual(
          stored
            .filter(washOf)
            .map((t) => t.id)
            .sort(),
        );
        const without = await allTrades(pool, "&wash=excludeWash");
        expect(without.rows.map((r) => r.id).sort()).toEqual(
          stored
            .filter((t) => !washOf(t))
            .map((t) => t.id)
            .sort(),
        );
      }
    }
    expect(priced).toBeGreaterThan(0);
    const bad = await get<{ error: { code: string } }>(
      `/v1/pool/trades?chain=solana&address=${trades[0]!.pool_address}&wash=all`,
    );
    expect(bad.status).toBe(400);
  });

  it("GET /v1/pool/ohlcv quote=usd: each swap valued at its own minute's SOL/USD", async () => {
    // SOL-quoted pools with several swaps, at least one of them in a minute with a known SOL/USD.
    const pools = new Map<string, StoredTrade[]>();
    for (const t of trades)
      if (t.quote_address === WSOL) pools.set(t.pool_address, [...(pools.get(t.pool_address) ?? []), t]);
    const chosen = [...pools].filter(([, ts]) => ts.some((t) => rateOf(Number(t.at)) !== null));
    expect(chosen.length).toBeGreaterThan(0);
    let checked = 0;
    for (const [pool, ts] of chosen) {
      const { status, body } = await get<{
        data: {
          time: number;
          close: number | null;
          volume: number | null;
          volumeToken: number;
          trades: number;
        }[];
        meta: { quote: string };
      }>(`/v1/pool/ohlcv?chain=solana&address=${pool}&quote=usd&interval=1m&fill=false&limit=1000`);
      expect(status).toBe(200);
      expect(body.meta.quote).toBe("usd");
      for (const c of body.data) {
        const inside = ts.filter((t) => Math.floor(Number(t.at) / 60_000) * 60 === c.time);
        expect(c.trades).toBe(inside.length);
        const rates = inside.map((t) => rateOf(Number(t.at)));
        if (rates.every((r) => r !== null)) {
          const usd = inside.reduce((s, t, i) => s + (Number(t.amount_quote) / 1e9) * rates[i]!, 0);
          close(c.volume!, usd);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("GET /v1/pool/ohlcv quote=usd: a window without a known SOL/USD rate has null prices, never a later rate", async () => {
    const first = minutes[0]!.minute;
    // SOL-quoted swaps recorded before the first stored SOL/USD minute
    const early = trades.filter((t) => t.quote_address === WSOL && Number(t.at) < first);
    expect(early.length).toBeGreaterThan(0);
    let unknown = 0;
    for (const pool of new Set(early.map((t) => t.pool_address))) {
      const { status, body } = await get<{
        data: {
          time: number;
          open: number | null;
          close: number | null;
          volume: number | null;
          trades: number;
        }[];
      }>(`/v1/pool/ohlcv?chain=solana&address=${pool}&quote=usd&interval=1m&fill=false&limit=1000`);
      expect(status).toBe(200);
      for (const c of body.data) {
        // the window's rate: the latest stored minute inside it or at most an hour before it
        const known = minutes.some(
          (m) => m.minute <= c.time * 1000 + 59_999 && m.minute >= c.time * 1000 - RATE_MAX_AGE_MS,
        );
        if (known) {
          expect(c.close).not.toBeNull();
        } else {
          expect(c).toMatchObject({ open: null, close: null, volume: null });
          expect(c.trades).toBeGreaterThan(0);
          unknown++;
        }
      }
    }
    expect(unknown).toBeGreaterThan(0);
  });

  it("GET /v1/token for a pump.fun token: launchpad block and deployer from the creation transaction", async () => {
    // Creation transactions: pump.fun runs, and the mint has a balance afterwards but none before.
    const created = new Map<string, { deployer: string; owners: Set<string>; at: number }>();
    for (const b of blocks)
      for (const raw of b.transactions) {
        const v = rawView(raw);
        if (v.failed || !v.keys.includes(PUMPFUN)) continue;
        const meta = raw.meta as {
          preTokenBalances?: { mint: string }[];
          postTokenBalances?: { mint: string; owner?: string }[];
        };
        const pre = new Set((meta.preTokenBalances ?? []).map((x) => x.mint));
        for (const p of meta.postTokenBalances ?? []) {
          if (pre.has(p.mint) || p.mint === WSOL) continue;
          const e = created.get(p.mint) ?? {
            deployer: v.signers[0]!,
            owners: new Set(),
            at: (b.blockTime ?? 0) * 1000,
          };
          if (p.owner) e.owners.add(p.owner);
          created.set(p.mint, e);
        }
      }
    const launched = [...created].filter(([mint]) => trades.some((t) => t.token_address === mint));
    expect(launched.length).toBeGreaterThan(0);
    for (const [mint, e] of launched) {
      const { status, body } = await get<{
        data: {
          deployer: string | null;
          createdAt: number | null;
          launchpad: {
            name: string;
            poolAddress: string;
            bondingProgress: number | null;
            graduated: boolean;
          } | null;
        };
      }>(`/v1/token?chain=solana&address=${mint}`);
      expect(status, mint).toBe(200);
      expect(body.data.deployer, mint).toBe(e.deployer);
      expect(body.data.createdAt, mint).toBe(e.at);
      expect(body.data.launchpad?.name, mint).toBe("pumpfun");
      // the bonding curve holds the new mint's supply
      expect(e.owners.has(body.data.launchpad!.poolAddress), mint).toBe(true);
      expect(body.data.launchpad!.graduated).toBe(false);
      const progress = body.data.launchpad!.bondingProgress;
      if (progress !== null) expect(progress >= 0 && progress <= 100).toBe(true);
    }
  });
});
