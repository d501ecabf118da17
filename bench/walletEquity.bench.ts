/**
 * Wallet equity history of a wallet with BENCH_CHANGES recorded balance changes (default 20,000)
 * over BENCH_TOKENS tokens (default 100), spread evenly over the last 30 days, every token held
 * throughout. Each token has a V2-style pair quoted in WETH traded by another wallet every 3 hours
 * over the last 31 days (1-minute candles), and the chain has a native/USD rate every minute of the
 * last 31 days. Balances, trades and rates go through the ingest writer.
 *
 * Requests go one at a time over HTTP (createApp with the wallet endpoints, in-process shard
 * client, the portfolio provider over Postgres), BENCH_RUNS times each (default 100, after 5
 * warm-up requests): the default range (24 hours, every 5 minutes: 289 points), 7 days (hourly:
 * 169 points), 366 days (daily: 367 points). Nothing is cached between requests but the chain's
 * stablecoin registry. Prints p50 / p99 / max in ms, the CPU time this process spent per request
 * and the load average. Env: BENCH_CHANGES, BENCH_TOKENS, BENCH_RUNS.
 */
import { loadavg } from "node:os";
import { type ChainId, createContext, type TradeRecord } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import type { BalanceChange } from "../services/ingest/src/writer/IngestBatch.ts";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { createQueryService } from "../services/query/src/createQueryService.ts";
import { createPortfolioProvider } from "../services/query/src/portfolio/provider.ts";
import { listen } from "../test/api/listen.ts";
import { walletApp } from "./walletApp.ts";

const CHANGES = Number(process.env.BENCH_CHANGES ?? 20_000);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CHAIN: ChainId = "evm:31337";
const WALLET = `0x${"ab".repeat(20)}`;
const TRADER = `0x${"cd".repeat(20)}`;
const WETH = `0x${"ee".repeat(20)}`;
const E18 = 10n ** 18n;
const M = 60_000;
const DAY = 86_400_000;
const NOW = Math.floor(Date.now() / M) * M;

const tokenOf = (i: number) => `0xc0de${(i + 1).toString(16).padStart(36, "0")}`;
const pairOf = (i: number) => `0xd00d${(i + 1).toString(16).padStart(36, "0")}`;
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function main() {
  const db = await createTestDatabase();
  const ctx = createContext({ name: "bench-equity", level: "silent" });
  try {
    const t0 = performance.now();
    await writeBatch(db.pool, {
      chain: CHAIN,
      blocks: [],
      trades: [],
      pools: Array.from({ length: TOKENS }, (_, i) => ({
        chain: CHAIN,
        address: pairOf(i),
        venueType: "UNISWAP_V2" as const,
        factory: null,
        feeBps: 30,
        token0: tokenOf(i),
        token1: WETH,
        tokenAddress: tokenOf(i),
        quoteAddress: WETH,
        reserve0: 1_000_000n * E18,
        reserve1: 100n * E18,
        priceNative: "0.0001",
        priceQuote: "0.0001",
        liquidityNative: "200",
        createdAt: NOW - 31 * DAY,
        createdBlock: 1n,
      })),
      tokens: [
        ...Array.from({ length: TOKENS }, (_, i) => ({
          chain: CHAIN,
          address: tokenOf(i),
          name: `Token ${i}`,
          symbol: `T${i}`,
          decimals: 18,
          totalSupply: 10n ** 27n,
        })),
        {
          chain: CHAIN,
          address: WETH,
          name: "Wrapped Ether",
          symbol: "WETH",
          decimals: 18,
          totalSupply: null,
        },
      ],
      nativePrices: Array.from({ length: (31 * DAY) / M + 1 }, (_, k) => ({
        minute: NOW - 31 * DAY + k * M,
        priceUsd: String(3000 + (k % 600) / 10),
        source: "bench",
      })),
    });
    // the market: a trade of every pair every 3 hours
    const trades: TradeRecord[] = [];
    let n = 0;
    for (let at = NOW - 31 * DAY; at <= NOW; at += 3 * 3_600_000) {
      for (let i = 0; i < TOKENS; i++) {
        const txHash = `0x${n.toString(16).padStart(64, "0")}`;
        const price = 0.0001 * (1 + ((n * 7) % 100) / 1000);
        trades.push({
          chain: CHAIN,
          pool: pairOf(i),
          id: `${txHash}:0`,
          txHash,
          block: BigInt(1000 + n),
          logIndex: 0,
          at: at + (i % 60) * 1000,
          maker: TRADER,
          isBuy: n % 2 === 0,
          tokenAddress: tokenOf(i),
          quoteAddress: WETH,
          amountToken: 1000n * E18,
          amountQuote: BigInt(Math.round(price * 1000 * 1e9)) * 10n ** 9n,
          priceQuote: String(price),
          priceNative: String(price),
          volumeNative: String(price * 1000),
          feesNative: null,
          isWash: null,
          preconfirmed: false,
          router: null,
        });
        n++;
      }
    }
    for (let k = 0; k < trades.length; k += 2000)
      await writeBatch(db.pool, {
        chain: CHAIN,
        blocks: [],
        trades: trades.slice(k, k + 2000),
        pools: [],
        tokens: [],
      });
    // the wallet: CHANGES transfers in and out, evenly over 30 days, a token in turn
    const changes: BalanceChange[] = [];
    for (let c = 0; c < CHANGES; c++) {
      const i = c % TOKENS;
      changes.push({
        token: tokenOf(i),
        holder: WALLET,
        block: BigInt(100_000 + c),
        seq: 0,
        at: NOW - 30 * DAY + Math.floor((c * 30 * DAY) / CHANGES),
        txHash: `0x${(1_000_000 + c).toString(16).padStart(64, "0")}`,
        // mostly in, every third out: every token stays held
        delta: c % 3 === 2 ? -5n * E18 : 10n * E18,
        accounts: null,
      });
    }
    for (let k = 0; k < changes.length; k += 5000)
      await writeBatch(db.pool, {
        chain: CHAIN,
        blocks: [],
        trades: [],
        pools: [],
        tokens: [],
        balances: {
          tracked:
            k === 0 ? Array.from({ length: TOKENS }, (_, i) => ({ token: tokenOf(i), block: 1n })) : [],
          changes: changes.slice(k, k + 5000),
        },
      });
    await db.pool.query("analyze");
    console.log(
      `${CHANGES.toLocaleString()} balance changes over ${TOKENS} tokens, ${trades.length.toLocaleString()} trades, loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const service = await createQueryService({
      pool: db.pool,
      ctx,
      providers: [createPortfolioProvider({ nodes: new Map() })],
    });
    const app = walletApp(service, ctx);
    const server = await listen(app);
    try {
      const measure = async (name: string, query: Record<string, string>, points: number) => {
        const url = `${server.url}/v1/wallet/equity/history?${new URLSearchParams({ chain: CHAIN, wallet: WALLET, ...query })}`;
        const times: number[] = [];
        let cpu = { user: 0, system: 0 };
        let partial = 0;
        for (let r = 0; r < RUNS + 5; r++) {
          if (r === 5) cpu = process.cpuUsage();
          const s = performance.now();
          const res = await fetch(url);
          const body = (await res.json()) as {
            data: { points: { valueUsd: number }[] };
            meta: { partialPoints: number };
          };
          const ms = performance.now() - s;
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
          if (body.data.points.length !== points || !(body.data.points.at(-1)!.valueUsd > 0))
            throw new Error(`${name}: ${body.data.points.length} points, want ${points} with a value`);
          partial = body.meta.partialPoints;
          if (r >= 5) times.push(ms);
        }
        const used = process.cpuUsage(cpu);
        times.sort((a, b) => a - b);
        console.log(
          `${name}: p50 ${pct(times, 0.5).toFixed(1)} ms, p99 ${pct(times, 0.99).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${RUNS} requests (${points} points, ${partial} partial); CPU of this process ${((used.user + used.system) / 1000 / RUNS).toFixed(1)} ms a request; load ${loadavg()[0]!.toFixed(2)}`,
        );
      };
      await measure("GET /v1/wallet/equity/history, default (24 h every 5 min)", {}, 289);
      await measure(
        "GET /v1/wallet/equity/history, 7 days (hourly)",
        { from: String(NOW - 7 * DAY), to: String(NOW) },
        169,
      );
      await measure(
        "GET /v1/wallet/equity/history, 366 days (daily)",
        { from: String(NOW - 366 * DAY), to: String(NOW) },
        367,
      );
    } finally {
      await server.close();
      await service.close();
    }
  } finally {
    await db.drop();
  }
}

await main();
