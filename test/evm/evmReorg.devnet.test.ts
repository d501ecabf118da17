import {
  type Bus,
  type ChainId,
  createRedisBus,
  type MarketEvent,
  marketEventTopics,
  marketKey,
  SLIDING_TRADER_TIMEFRAMES,
  subscribeMarketEvents,
} from "@tapeline/core";
import {
  createTestDatabase,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@tapeline/core/testing";
import { type Address, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  DeepReorgError,
  type EvmWorkerEvent,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { slideTraderWindows } from "../../services/jobs/src/traders/slideTraderWindows.ts";
import { readTradePage } from "../../services/query/src/market/readTradePage.ts";
import { chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";
import { expectWalletTablesMatchChain } from "./walletChainTruth.ts";

const getReserves = parseAbi(["function getReserves() view returns (uint112, uint112, uint32)"]);

describe("EVM ingest through a reorg made on anvil (snapshot, revert, a longer fork)", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let bus: Bus;
  const events: EvmWorkerEvent[] = [];
  let orphanIds: string[] = [];
  let orphanWalletTxs: string[] = [];
  let forkBlock: bigint;
  let newHead: bigint;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    await createMarketSimulator({ client, deployment, seed: 11 }).runSimulatorSteps(15);
    db = await createTestDatabase();
    // the window rows of every timeframe start now (empty): the writer adds every swap to them
    await slideTraderWindows(db.pool, Date.now());
    bus = createRedisBus({ url: TEST_REDIS_URL, prefix: testRedisPrefix("evm-reorg") });
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 5,
      finalityDepth: 512,
    });
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
      bus,
      onEvent: (e) => events.push(e),
    });
    try {
      forkBlock = await client.getBlockNumber();
      await waitForCheckpoint(worker, forkBlock);
      const snapshot = await client.snapshot();

      // blocks that will be orphaned, ingested first
      await createMarketSimulator({ client, deployment, seed: 12 }).runSimulatorSteps(15);
      const orphanHead = await client.getBlockNumber();
      await waitForCheckpoint(worker, orphanHead);
      orphanIds = (
        await db.pool.query<{ id: string }>("select id from trades where block > $1", [forkBlock.toString()])
      ).rows.map((r) => r.id);
      orphanWalletTxs = (
        await db.pool.query<{ k: string }>(
          `select wallet || ' ' || tx_hash as k from wallet_swaps where block > $1
           union select wallet || ' ' || tx_hash from wallet_trades where block > $1`,
          [forkBlock.toString()],
        )
      ).rows.map((r) => r.k);

      // the fork: back to the snapshot, other wallets trade, and the chain grows past the old head
      await client.revert({ id: snapshot });
      await createMarketSimulator({ client, deployment, seed: 13 }).runSimulatorSteps(15);
      const height = await client.getBlockNumber();
      if (height <= orphanHead) await client.mine({ blocks: Number(orphanHead - height) + 2 });
      newHead = await client.getBlockNumber();
      await waitForCheckpoint(worker, newHead);
    } finally {
      await worker.stop();
    }
  });

  afterAll(async () => {
    await bus?.close();
    await db?.drop();
    await anvil?.stop();
  });

  it("rolled back to the fork point", () => {
    const reorg = events.find((e) => e.type === "reorg");
    expect(reorg).toMatchObject({ type: "reorg", ancestor: forkBlock });
    expect(orphanIds.length).toBeGreaterThan(0);
  });

  it("published each market's trades once, in chain order, with the rollback before the replacements", async () => {
    const chain = `evm:${deployment.chainId}` as ChainId;
    const seen: MarketEvent[] = [];
    const from = Object.fromEntries(marketEventTopics([chain]).map((t) => [t, "0"]));
    const sub = await subscribeMarketEvents(bus, { chains: [chain], from }, (e) => {
      seen.push(e);
    });
    const swaps = await chainSwaps(client, deployment, deployment.startBlock, newHead);
    const expectedTrades = swaps.length + orphanIds.length;
    for (let i = 0; i < 500 && seen.filter((e) => e.type === "trade").length < expectedTrades; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await sub.close();

    // A subscriber's view: trades appended, a rollback removes the orphaned ids, which must be the
    // market's latest trades (so no replacement trade came before the rollback).
    const view = new Map<string, string[]>();
    const rollbacks = seen.filter((e) => e.type === "rollback");
    for (const e of seen) {
      if (e.type === "newMarket") {
        expect(view.has(e.market), e.market).toBe(false);
        view.set(e.market, []);
      } else if (e.type === "trade") {
        const list = view.get(e.market);
        expect(list, `${e.market} traded before its newMarket event`).toBeDefined();
        list!.push(e.trade.id);
      } else if (e.type === "rollback") {
        expect(e.ancestorBlock).toBe(Number(forkBlock));
        const list = view.get(e.market) ?? [];
        const n = e.orphanedTradeIds.length;
        expect(list.slice(list.length - n), e.market).toEqual(e.orphanedTradeIds);
        list.splice(list.length - n, n);
      }
    }
    expect(rollbacks.flatMap((e) => (e.type === "rollback" ? e.orphanedTradeIds : [])).sort()).toEqual(
      [...orphanIds].sort(),
    );
    const expected = new Map<string, string[]>();
    for (const s of [...swaps].sort((a, b) => Number(a.block - b.block) || a.logIndex - b.logIndex)) {
      const key = marketKey(chain, s.pool);
      expected.set(key, [...(expected.get(key) ?? []), s.id]);
    }
    for (const [key, ids] of expected) expect(view.get(key), key).toEqual(ids);
    for (const [key, ids] of view) if (!expected.has(key)) expect(ids, key).toEqual([]);

    // Streamed rows are the REST tape's rows (USD figures aside: EVM values them at the spot rate).
    const surviving = new Set(swaps.map((s) => s.id));
    const streamed = new Map(
      seen.flatMap((e) => (e.type === "trade" && surviving.has(e.trade.id) ? [[e.trade.id, e]] : [])),
    );
    expect(streamed.size).toBe(swaps.length);
    const usdFree = ({ priceUsd, volumeUsd, ...rest }: Record<string, unknown>) => rest;
    for (const [key] of expected) {
      const owner = await db.pool.query<{ token_address: string }>(
        "select token_address from pools where market = $1",
        [key],
      );
      const page = await readTradePage(db.pool, {
        scope: { chain, markets: [key] },
        token: owner.rows[0]!.token_address,
        limit: 500,
        order: "asc",
        spotUsd: null,
      });
      for (const row of page.data) {
        const e = streamed.get(row.id)!;
        expect(e.market).toBe(key);
        expect(usdFree(e.type === "trade" ? e.trade : {}), row.id).toEqual(usdFree(row));
      }
    }
    // A market's state event after the rollback carries the state the REST pool row holds now.
    const lastState = new Map(seen.flatMap((e) => (e.type === "market" ? [[e.market, e]] : [])));
    expect(lastState.size).toBeGreaterThan(0);
    const stored = await db.pool.query<{
      market: string;
      price_native: string | null;
      reserve0: string | null;
    }>("select market, price_native, reserve0 from pools");
    for (const r of stored.rows) {
      const e = lastState.get(r.market);
      if (e?.type !== "market") continue;
      expect([e.priceNative, e.reserve0], r.market).toEqual([r.price_native, r.reserve0]);
    }
  });

  it("keeps no wallet row from the orphaned blocks, and every wallet's history equal to the new chain's", async () => {
    expect(orphanWalletTxs.length).toBeGreaterThan(0);
    const kept = await db.pool.query<{ k: string }>(
      "select wallet || ' ' || tx_hash as k from wallet_swaps union select wallet || ' ' || tx_hash from wallet_trades",
    );
    const orphaned = new Set(orphanWalletTxs);
    expect(kept.rows.filter((r) => orphaned.has(r.k))).toEqual([]);
    expect(await expectWalletTablesMatchChain(db.pool, client, deployment, newHead)).toBeGreaterThan(5);
  });

  it("keeps no row from the orphaned blocks and every row of the new ones", async () => {
    const rows = (await db.pool.query<{ id: string }>("select id from trades")).rows.map((r) => r.id);
    const orphaned = new Set(orphanIds);
    expect(rows.filter((id) => orphaned.has(id))).toEqual([]);
    const swaps = await chainSwaps(client, deployment, deployment.startBlock, newHead);
    expect(rows.sort()).toEqual(swaps.map((s) => s.id).sort());
    // the token-keyed copies: the new chain's swaps, each under its trade's token, none orphaned
    const copies = await db.pool.query<{ k: string }>(
      "select token_key || ' ' || pool_address || ' ' || id as k from token_trades order by 1",
    );
    const originals = await db.pool.query<{ k: string }>(
      "select chain_id || '/' || token_address || ' ' || pool_address || ' ' || id as k from trades order by 1",
    );
    expect(copies.rows.map((r) => r.k)).toEqual(originals.rows.map((r) => r.k));
    expect(copies.rows.filter((r) => orphaned.has(r.k.split(" ")[2]!))).toEqual([]);
    // buckets were rebuilt: each resolution counts every priced trade exactly once
    const counts = await db.pool.query<{ n: string }>(
      "select sum(trades)::text as n from candle_buckets group by resolution_s",
    );
    const priced = await db.pool.query<{ n: string }>(
      "select count(*)::text as n from trades where price_native is not null",
    );
    for (const r of counts.rows) expect(r.n).toBe(priced.rows[0]!.n);
    // unfinalized block hashes are the new chain's
    const blocks = await db.pool.query<{ number: string; hash: string }>(
      "select number, hash from ingest_blocks where number > $1 order by number",
      [forkBlock.toString()],
    );
    for (const b of blocks.rows) {
      expect(b.hash).toBe((await client.getBlock({ blockNumber: BigInt(b.number) })).hash);
    }
  });

  it("leaves the trader rollups, lifetime and window rows equal to the new chain's swaps, per market and wallet", async () => {
    const chain = `evm:${deployment.chainId}`;
    const want = new Map<string, string>();
    const sums = new Map<string, { buys: number; sells: number; bought: bigint; sold: bigint }>();
    for (const s of await chainSwaps(client, deployment, deployment.startBlock, newHead)) {
      const key = `${marketKey(chain as ChainId, s.pool)} ${s.from}`;
      const a = sums.get(key) ?? { buys: 0, sells: 0, bought: 0n, sold: 0n };
      if (s.isBuy) {
        a.buys += 1;
        a.bought += s.amountToken;
      } else {
        a.sells += 1;
        a.sold += s.amountToken;
      }
      sums.set(key, a);
    }
    for (const [k, a] of sums) want.set(k, `${a.buys} ${a.sells} ${a.bought} ${a.sold}`);
    expect(want.size).toBeGreaterThan(3);
    for (const res of [60, 3600, 86400]) {
      const got = await db.pool.query<{ k: string; v: string }>(
        `select market || ' ' || wallet as k,
                sum(buys) || ' ' || sum(sells) || ' ' || sum(bought_tokens) || ' ' || sum(sold_tokens) as v
         from trader_buckets where resolution_s = $1 group by market, wallet`,
        [res],
      );
      expect(new Map(got.rows.map((r) => [r.k, r.v])), `resolution ${res}`).toEqual(want);
    }
    // and each wallet's lifetime row, recomputed by the rollback for the removed trades' wallets
    const totals = await db.pool.query<{ k: string; v: string }>(
      `select market || ' ' || wallet as k, buys || ' ' || sells || ' ' || bought_tokens || ' ' || sold_tokens as v
       from trader_totals`,
    );
    expect(new Map(totals.rows.map((r) => [r.k, r.v])), "lifetime rows").toEqual(want);
    // and each sliding window's rows (every swap lies in every window, which began before the chain's swaps),
    // with each market's wallet count
    const wantCounts = new Map<string, number>();
    for (const k of want.keys()) {
      const market = k.split(" ")[0]!;
      wantCounts.set(market, (wantCounts.get(market) ?? 0) + 1);
    }
    for (const timeframe of SLIDING_TRADER_TIMEFRAMES) {
      const windows = await db.pool.query<{ k: string; v: string }>(
        `select market || ' ' || wallet as k, buys || ' ' || sells || ' ' || bought_tokens || ' ' || sold_tokens as v
         from trader_windows where timeframe = $1`,
        [timeframe],
      );
      expect(new Map(windows.rows.map((r) => [r.k, r.v])), `${timeframe} window rows`).toEqual(want);
      const counts = await db.pool.query<{ market: string; wallets: number }>(
        "select market, wallets from trader_counts where timeframe = $1 and wallets > 0",
        [timeframe],
      );
      expect(new Map(counts.rows.map((r) => [r.market, r.wallets])), `${timeframe} wallet counts`).toEqual(
        wantCounts,
      );
    }
  });

  it("leaves every V2 pool's reserves equal to the new chain's", async () => {
    const pools = await db.pool.query<{ address: string; reserve0: string; reserve1: string }>(
      "select address, reserve0, reserve1 from pools where venue_type = 'UNISWAP_V2'",
    );
    expect(pools.rows.length).toBeGreaterThan(0);
    for (const p of pools.rows) {
      const [r0, r1] = await client.readContract({
        address: p.address as Address,
        abi: getReserves,
        functionName: "getReserves",
        blockNumber: newHead,
      });
      expect([p.reserve0, p.reserve1], p.address).toEqual([r0.toString(), r1.toString()]);
    }
  });

  it("stops with DeepReorgError when a reorg reaches below the finality depth", async () => {
    const fresh = await createTestDatabase();
    try {
      const snapshot = await client.snapshot();
      const base = await client.getBlockNumber();
      await createMarketSimulator({ client, deployment, seed: 14 }).runSimulatorSteps(3);
      const head = await client.getBlockNumber();
      expect(head - base).toBeGreaterThan(3n);
      const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
        finalityDepth: 2,
        startBlock: base - 5n,
      });
      const worker = startEvmChainWorker({
        cfg,
        rpc: createRpcClient({ endpoints: cfg.endpoints }),
        db: fresh.pool,
      });
      await waitForCheckpoint(worker, head);
      await client.revert({ id: snapshot });
      await client.mine({ blocks: Number(head - base) + 3 });
      await expect(worker.done).rejects.toBeInstanceOf(DeepReorgError);
      await expect(worker.done).rejects.toThrow(/deeper than the finality depth \(2 blocks\)/);
      // nothing of the orphaned blocks was rolled back or written past the checkpoint
      const cp = await fresh.pool.query("select block from ingest_checkpoints");
      expect(BigInt(cp.rows[0].block)).toBe(head);
    } finally {
      await fresh.drop();
    }
  });
});
