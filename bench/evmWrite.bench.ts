/**
 * EVM decode + write throughput: the recorded mainnet Swap logs of the fixtures (Uniswap V2, V3,
 * V4, Aerodrome) replayed as new blocks (fresh transaction hashes per round) through the real
 * pipeline: venue decoders → trade building and pricing (applyDexEvents, with the recorded
 * receipts for fees and makers) → writeBatch (trades, pool state and snapshots, candle buckets at
 * 4 resolutions, blocks, checkpoint; one transaction per batch) into a fresh PostgreSQL database.
 * The batches go through the ingest's own pipeline (runRangePipeline, as the live worker and
 * backfill run it): decode + apply of batch r+1 (applyDexEventsInSlices, giving the event loop
 * turns) overlaps the write of batch r, and writes go out one at a time in order.
 * Prints swaps/s for decode+apply alone and end to end. Target: >= 20,000 swaps/s sustained.
 * Each batch carries its wallet swaps as the live ingest builds them (buildEvmWalletSwaps over the
 * recorded receipts' logs), so the writer also stores wallet swaps and wallet trade events.
 * BENCH_WALLET_ROWS=0 measures without them, to compare: the batches carry no wallet swaps and
 * the database drops wallet rows before storing them (a `before insert` trigger returning null),
 * so what remains of the wallet work is the writer's statements and walletTradesOf.
 * With BENCH_BALANCES=1 every token is tracked and each swap also carries the two balance changes
 * its Transfer logs give (the pool's and the maker's), written with the batch as live ranges do:
 * the ingest cost of keeping holders and wallet balances.
 * With BENCH_TRADER_WINDOWS=1 (default) the trader window rows of every timeframe start at time 0,
 * so the writer adds every swap to its wallet's five window rows (as it does live, where every
 * new swap lies in every window); with 0 they are not kept (no window start stored), to
 * compare: what remains is the writer's lock and read of the window starts.
 * Env: BENCH_SWAPS (total, default 200000), BENCH_BATCH (swaps per transaction, default 5000),
 * BENCH_WALLET_ROWS (default 1), BENCH_BALANCES (default 0), BENCH_TRADER_WINDOWS (default 1).
 */

import { type ChainId, marketKey, SLIDING_TRADER_TIMEFRAMES } from "@tapeline/core";
import { createTestDatabase } from "@tapeline/core/testing";
import { keccak256, toHex } from "viem";
import {
  type ApplyContext,
  type EvmHeader,
  type EvmReceipt,
  toPoolRecord,
} from "../services/ingest/src/evm/applyDexEvents.ts";
import {
  applyDexEventsInSlices,
  EVENTS_PER_TURN,
} from "../services/ingest/src/evm/applyDexEventsInSlices.ts";
import type { DexEvent, RawLog } from "../services/ingest/src/evm/decoders/DexEvent.ts";
import { DexTopics } from "../services/ingest/src/evm/decoders/dexEventAbis.ts";
import { venueDecoders } from "../services/ingest/src/evm/decoders/venueDecoders.ts";
import { createEvmMarketState } from "../services/ingest/src/evm/EvmMarketState.ts";
import { runRangePipeline } from "../services/ingest/src/evm/runRangePipeline.ts";
import { buildEvmWalletSwaps } from "../services/ingest/src/wallet/buildEvmWalletSwaps.ts";
import type { BalanceBatch, IngestBatch } from "../services/ingest/src/writer/IngestBatch.ts";
import { writeBatch } from "../services/ingest/src/writer/writeBatch.ts";
import { loadEvmFixtures } from "../test/evm/loadEvmFixtures.ts";
import { backendCpuSeconds } from "./backendCpuSeconds.ts";
import { dropWalletRows } from "./dropWalletRows.ts";

const TOTAL = Number(process.env.BENCH_SWAPS ?? 200_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 5_000);
const BALANCES = process.env.BENCH_BALANCES === "1";
const CHAIN: ChainId = "evm:1";
const WALLET_ROWS = process.env.BENCH_WALLET_ROWS !== "0";
const TRADER_WINDOWS = process.env.BENCH_TRADER_WINDOWS !== "0";
const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";

// The recorded swap logs and their receipts.
const swapTopics = new Map<string, string>([
  [DexTopics.v2Swap, "UNISWAP_V2"],
  [DexTopics.v3Swap, "UNISWAP_V3"],
  [DexTopics.v4Swap, "UNISWAP_V4"],
  [DexTopics.aeroSwap, "AERODROME_V2"],
]);
const fixtures = loadEvmFixtures();
const recorded: RawLog[] = fixtures.flatMap((f) => f.logs).filter((l) => swapTopics.has(l.topics[0]!));
const receiptOf = new Map(fixtures.flatMap((f) => f.receipts).map((r) => [r.transactionHash, r]));
console.log(
  `recorded swap logs: ${recorded.length} (${[...new Set(recorded.map((l) => swapTopics.get(l.topics[0]!)))].join(", ")})`,
);

// Pools: every recorded pool quoted in WETH (WETH/USDC for a few), so trades carry native prices.
const state = createEvmMarketState();
const ctx: ApplyContext = {
  chain: CHAIN,
  wrappedNative: WETH,
  stablecoins: [USDC],
  relayers: new Set(),
  nativeDecimals: 18,
};
state.tokens.set(WETH, { address: WETH, decimals: 18, symbol: "WETH" });
state.tokens.set(USDC, { address: USDC, decimals: 6, symbol: "USDC" });
const poolIds = new Set<string>();
for (const l of recorded) {
  const ev = venueDecoders.get(swapTopics.get(l.topics[0]!)!)!.decode(l);
  if (ev?.kind === "swap") poolIds.add(ev.pool);
}
let i = 0;
for (const id of poolIds) {
  const token = `0x${keccak256(toHex(id)).slice(26)}`;
  state.tokens.set(token, { address: token, decimals: 18, symbol: null });
  const [t0, t1] = i++ % 10 === 0 ? [WETH, USDC] : token < WETH ? [token, WETH] : [WETH, token];
  const venueType = recorded.find((l) => l.address === id || l.topics[1] === id)
    ? "UNISWAP_V2"
    : "UNISWAP_V4";
  state.pools.set(marketKey(CHAIN, id), {
    market: marketKey(CHAIN, id),
    address: id,
    venueType,
    factory: "0x5c69bee701ef814a2b6a3edd4b1652cb9cc5aa6f",
    exchangeName: "bench",
    feeBps: 30,
    token0: t0!,
    token1: t1!,
    tokenIsToken0: t1 === WETH || t1 === USDC,
    reserve0: 10n ** 24n,
    reserve1: 10n ** 22n,
    liquidity: null,
    sqrtPriceX96: null,
    tick: null,
    createdAt: null,
    createdBlock: null,
    updatedBlock: null,
    liquidityNative: null,
  });
}
const tokenRecords = [...state.tokens.values()].map((t) => ({
  chain: CHAIN,
  address: t.address,
  name: null,
  symbol: t.symbol,
  decimals: t.decimals,
  totalSupply: null,
}));

/** Round r of the recording as new chain data: blocks shifted, transaction hashes renamed. */
function round(
  r: number,
  count: number,
): { logs: RawLog[]; receipts: Map<string, EvmReceipt>; headers: Map<bigint, EvmHeader> } {
  const logs: RawLog[] = [];
  const receipts = new Map<string, EvmReceipt>();
  const headers = new Map<bigint, EvmHeader>();
  const base = 20_000_000n + BigInt(r) * 1_000n;
  for (let k = 0; k < count; k++) {
    const src = recorded[k % recorded.length]!;
    const block = base + BigInt(Math.floor(k / 150));
    const tx = `0x${(r * 1_000_000 + k).toString(16).padStart(16, "0")}${src.transactionHash.slice(18)}`;
    logs.push({
      address: src.address,
      topics: src.topics,
      data: src.data,
      blockNumber: block,
      blockHash: `0x${block.toString(16)}`,
      transactionHash: tx,
      logIndex: k % 150,
    });
    const rec = receiptOf.get(src.transactionHash);
    if (rec) {
      receipts.set(tx, {
        transactionHash: tx,
        from: rec.from,
        to: rec.to,
        gasUsed: rec.gasUsed,
        effectiveGasPrice: rec.effectiveGasPrice,
        l1Fee: rec.l1Fee,
        logs: rec.logs,
      });
    }
    if (!headers.has(block)) {
      headers.set(block, {
        number: block,
        hash: `0x${block.toString(16)}`,
        parentHash: "0x",
        timestamp: 1_700_000_000 + Number(block - 20_000_000n) * 12,
      });
    }
  }
  return { logs, receipts, headers };
}

/** Decode + apply one batch: the CPU side of the pipeline, with event loop turns as the ingest's. */
async function build(r: number): Promise<IngestBatch> {
  const { logs, receipts, headers } = round(r, BATCH);
  const events: DexEvent[] = [];
  for (let k = 0; k < logs.length; k++) {
    const l = logs[k]!;
    const ev = venueDecoders.get(swapTopics.get(l.topics[0]!)!)!.decode(l);
    if (ev) events.push(ev);
    if (k % EVENTS_PER_TURN === EVENTS_PER_TURN - 1)
      await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const out = await applyDexEventsInSlices(events, headers, receipts, state, ctx);
  const last = [...headers.values()].at(-1)!;
  const balances: BalanceBatch | undefined = BALANCES
    ? {
        tracked: r === 0 ? [...state.tokens.keys()].map((token) => ({ token, block: last.number })) : [],
        changes: out.trades.flatMap((t) => {
          const base = {
            token: t.tokenAddress,
            block: t.block,
            seq: t.logIndex,
            at: t.at,
            txHash: t.txHash,
            accounts: null,
          };
          const sign = t.isBuy ? 1n : -1n;
          return [
            { ...base, holder: t.maker, delta: sign * t.amountToken },
            { ...base, holder: t.pool, delta: -sign * t.amountToken },
          ];
        }),
      }
    : undefined;
  return {
    chain: CHAIN,
    blocks: [...headers.values()].map((h) => ({
      number: h.number,
      hash: h.hash,
      parentHash: h.parentHash,
      at: h.timestamp * 1000,
    })),
    trades: out.trades,
    walletSwaps: WALLET_ROWS
      ? buildEvmWalletSwaps(out.trades, {
          wrappedNative: WETH,
          logsOf: (txHash) => receipts.get(txHash)?.logs,
          poolType: (pool) => state.pools.get(marketKey(CHAIN, pool))!.venueType,
        })
      : [],
    pools: [...out.touched].map((m) => toPoolRecord(state.pools.get(m)!, state, ctx)),
    tokens: r === 0 ? tokenRecords : [],
    balances,
    nativePrices: [...out.nativePrices].map(([minute, p]) => ({
      minute,
      priceUsd: "3000",
      source: p.source,
    })),
    checkpoint: { block: last.number, blockHash: last.hash, headBlock: last.number, headAt: Date.now() },
  };
}

const rounds = Math.ceil(TOTAL / BATCH);
const db = await createTestDatabase();
try {
  if (!WALLET_ROWS) await dropWalletRows(db.pool);
  console.log(`wallet rows: ${WALLET_ROWS ? "written" : "dropped (BENCH_WALLET_ROWS=0)"}`);
  if (TRADER_WINDOWS) {
    await db.pool.query(
      "insert into trader_window_marks (timeframe, start_ms) select unnest($1::text[]), 0",
      [[...SLIDING_TRADER_TIMEFRAMES]],
    );
  }
  console.log(`trader window rows: ${TRADER_WINDOWS ? "kept" : "not kept (BENCH_TRADER_WINDOWS=0)"}`);
  // CPU side alone
  const c0 = performance.now();
  let built = 0;
  for (let r = 0; r < Math.min(rounds, 10); r++) built += (await build(1_000 + r)).trades.length;
  const cpuMs = performance.now() - c0;
  console.log(
    `decode + apply only        ${Math.round((built / cpuMs) * 1000)
      .toLocaleString("en-US")
      .padStart(10)} swaps/s  (${built} in ${cpuMs.toFixed(0)} ms)`,
  );

  // End to end through the ingest's pipeline: decode + apply of batch r+1 overlaps the write of r.
  await writeBatch(db.pool, await build(0));
  const pg0 = await backendCpuSeconds(db.pool, db.name);
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  let written = 0;
  let r = 0;
  await runRangePipeline<IngestBatch>({
    prepare: async () => (r < rounds ? build(++r) : null),
    async write(batch) {
      written += (await writeBatch(db.pool, batch)).insertedTradeIds.length;
    },
  });
  const ms = performance.now() - t0;
  console.log(
    `decode + write end to end  ${Math.round((written / ms) * 1000)
      .toLocaleString("en-US")
      .padStart(10)} swaps/s  (${written} swaps in ${rounds} batches of ${BATCH}, ${ms.toFixed(0)} ms;` +
      " pipelined: decode + apply of batch r+1 overlaps the write of batch r)",
  );
  const nodeCpu = process.cpuUsage(node0);
  const pg1 = await backendCpuSeconds(db.pool, db.name);
  const nodeUs = ((nodeCpu.user + nodeCpu.system) / written) | 0;
  if (pg0 !== null && pg1 !== null) {
    // The load average of a shared machine inflates wall time; CPU time per swap does not move
    // with it. Node and PostgreSQL overlap (pipelined), so on two idle cores the slower side sets the pace.
    const pgUs = (((pg1 - pg0) * 1e6) / written) | 0;
    const projected = Math.round(1e6 / Math.max(nodeUs, pgUs));
    console.log(
      `cpu per swap: node ${nodeUs} us, postgres backends ${pgUs} us -> ${projected.toLocaleString("en-US")} swaps/s on two idle cores`,
    );
  }
  const buckets = await db.pool.query("select count(*)::int as n from candle_buckets");
  const wallet = await db.pool.query(
    "select (select count(*) from wallet_swaps)::int as s, (select count(*) from wallet_trades)::int as t",
  );
  const changes = await db.pool.query("select count(*)::int as n from wallet_balance_changes");
  const windows = await db.pool.query("select count(*)::int as n from trader_windows");
  console.log(
    `rows: ${written} trades, ${buckets.rows[0].n} candle buckets, ${wallet.rows[0].s} wallet swaps, ${wallet.rows[0].t} wallet trade events, ${changes.rows[0].n} balance changes, ${windows.rows[0].n} trader window rows` +
      (BALANCES ? " (BENCH_BALANCES=1)" : ""),
  );
} finally {
  await db.drop();
}
