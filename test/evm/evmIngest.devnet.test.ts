import { formatUnits } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, encodeAbiParameters, erc20Abi, type Hex, keccak256, parseAbi } from "viem";
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
import { backfillRange } from "../../services/ingest/src/evm/backfillRange.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { PRICE_SCALE } from "../../services/ingest/src/evm/rational.ts";
import { createRpcClient, type RpcClientEvent } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createFlakyProxy } from "./createFlakyProxy.ts";
import { type ChainSwap, chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

const reads = parseAbi([
  "function getReserves() view returns (uint112, uint112, uint32)",
  "function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)",
  "function liquidity() view returns (uint128)",
  "function extsload(bytes32 slot) view returns (bytes32)",
]);

type TradeRow = {
  id: string;
  pool_address: string;
  tx_hash: string;
  block: string;
  log_index: number;
  at: string;
  maker: string;
  is_buy: boolean;
  token_address: string;
  quote_address: string;
  amount_token: string;
  amount_quote: string;
  price_quote: string | null;
  price_native: string | null;
  volume_native: string | null;
  fees_native: string | null;
};

function expectRowMatches(row: TradeRow | undefined, s: ChainSwap, weth: string) {
  expect(row, s.id).toBeDefined();
  expect({
    pool: row!.pool_address,
    tx: row!.tx_hash,
    block: BigInt(row!.block),
    logIndex: row!.log_index,
    at: Number(row!.at),
    maker: row!.maker,
    isBuy: row!.is_buy,
    token: row!.token_address,
    quote: row!.quote_address,
    amountToken: BigInt(row!.amount_token),
    amountQuote: BigInt(row!.amount_quote),
    priceQuote: row!.price_quote,
    fees: row!.fees_native,
  }).toEqual({
    pool: s.pool,
    tx: s.txHash,
    block: s.block,
    logIndex: s.logIndex,
    at: s.atMs,
    maker: s.from,
    isBuy: s.isBuy,
    token: s.token,
    quote: s.quote,
    amountToken: s.amountToken,
    amountQuote: s.amountQuote,
    priceQuote: s.priceQuote(PRICE_SCALE),
    fees: formatUnits(s.feesWei, 18),
  });
  // Native-quoted markets: price in native is the price in quote; WETH itself is worth 1 native.
  if (s.quote === weth || s.quote === "0x0000000000000000000000000000000000000000") {
    expect(row!.price_native).toBe(row!.price_quote);
    expect(row!.volume_native).toBe(formatUnits(s.amountQuote, 18));
  }
  if (s.token === weth) expect(row!.price_native).toBe("1");
}

describe("EVM ingest on anvil with the Uniswap V2/V3/V4 contracts", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let indexed: bigint;
  let simPools: number;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    const sim = createMarketSimulator({ client, deployment, seed: 7 });
    await sim.runSimulatorSteps(40);
    simPools = sim.pools().length;
    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    const rpc = createRpcClient({ endpoints: cfg.endpoints });
    indexed = await client.getBlockNumber();
    const worker = startEvmChainWorker({ cfg, rpc, db: db.pool });
    await waitForCheckpoint(worker, indexed);
    await worker.stop();
    indexed = worker.checkpoint()!;
  });

  afterAll(async () => {
    await db?.drop();
    await anvil?.stop();
  });

  it("has exactly one trade row per Swap log up to the indexed block, with the chain's figures", async () => {
    const swaps = await chainSwaps(client, deployment, deployment.startBlock, indexed);
    expect(new Set(swaps.map((s) => s.pool)).size).toBeGreaterThan(5);
    const rows = (
      await db.pool.query<TradeRow>("select * from trades where block <= $1", [indexed.toString()])
    ).rows;
    expect(rows.map((r) => r.id).sort()).toEqual(swaps.map((s) => s.id).sort());
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const s of swaps) expectRowMatches(byId.get(s.id), s, deployment.weth);
    // every venue is covered
    const venues = await db.pool.query<{ venue_type: string }>(
      "select distinct p.venue_type from trades t join pools p on p.market = t.market",
    );
    expect(venues.rows.map((r) => r.venue_type).sort()).toEqual(["UNISWAP_V2", "UNISWAP_V3", "UNISWAP_V4"]);
  });

  it("registers the configured factories as venues, which name every pool's exchange", async () => {
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    const named = new Map(cfg.factories.map((f) => [f.factory, f.exchangeName]));
    const { rows } = await db.pool.query<{ factory: string; exchange_name: string | null }>(
      `select p.factory, v.exchange_name from pools p
       left join venues v on v.chain_id = p.chain_id and v.factory = p.factory`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const r of rows) expect(r.exchange_name, r.factory).toBe(named.get(r.factory));
  });

  it("keeps every pool's reserves, liquidity and price equal to eth_call reads at the indexed block", async () => {
    const pools = (
      await db.pool.query<{
        address: string;
        venue_type: string;
        token0: string;
        token1: string;
        reserve0: string | null;
        reserve1: string | null;
        liquidity: string | null;
        sqrt_price_x96: string | null;
        tick: number | null;
        factory: string;
      }>("select * from pools")
    ).rows;
    expect(pools.length).toBe(simPools);
    const at = { blockNumber: indexed };
    for (const p of pools) {
      if (p.venue_type === "UNISWAP_V2") {
        const [r0, r1] = await client.readContract({
          address: p.address as Address,
          abi: reads,
          functionName: "getReserves",
          ...at,
        });
        expect([p.reserve0, p.reserve1], p.address).toEqual([r0.toString(), r1.toString()]);
      } else if (p.venue_type === "UNISWAP_V3") {
        const [sqrtP, tick] = await client.readContract({
          address: p.address as Address,
          abi: reads,
          functionName: "slot0",
          ...at,
        });
        const liq = await client.readContract({
          address: p.address as Address,
          abi: reads,
          functionName: "liquidity",
          ...at,
        });
        const bal = await Promise.all(
          [p.token0, p.token1].map((t) =>
            client.readContract({
              address: t as Address,
              abi: erc20Abi,
              functionName: "balanceOf",
              args: [p.address as Address],
              ...at,
            }),
          ),
        );
        expect([p.sqrt_price_x96, p.tick, p.liquidity, p.reserve0, p.reserve1], p.address).toEqual([
          sqrtP.toString(),
          tick,
          liq.toString(),
          bal[0]!.toString(),
          bal[1]!.toString(),
        ]);
      } else {
        // PoolManager storage: pools mapping at slot 6; slot0 then liquidity 3 slots further
        const slot = BigInt(
          keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [p.address as Hex, 6n])),
        );
        const word = async (s: bigint) =>
          BigInt(
            await client.readContract({
              address: p.factory as Address,
              abi: reads,
              functionName: "extsload",
              args: [`0x${s.toString(16).padStart(64, "0")}`],
              ...at,
            }),
          );
        const s0 = await word(slot);
        const liq = (await word(slot + 3n)) & ((1n << 128n) - 1n);
        expect([p.sqrt_price_x96, p.liquidity], p.address).toEqual([
          (s0 & ((1n << 160n) - 1n)).toString(),
          liq.toString(),
        ]);
      }
    }
  });

  it("prices the native coin in USD from the WETH/USDC pool and fills candle buckets once per trade", async () => {
    const np = await db.pool.query<{ source: string }>("select source from native_prices limit 1");
    const usdcPools = deployment.pools.filter(
      (p) => [p.token0, p.token1].includes(deployment.usdc) && [p.token0, p.token1].includes(deployment.weth),
    );
    expect(usdcPools.map((p) => `pool:${p.id}`)).toContain(np.rows[0]!.source);
    const counts = await db.pool.query<{ resolution_s: number; n: string }>(
      "select resolution_s, sum(trades)::text as n from candle_buckets group by 1 order by 1",
    );
    const priced = await db.pool.query<{ n: string }>(
      "select count(*)::text as n from trades where price_native is not null",
    );
    for (const r of counts.rows) expect(r.n).toBe(priced.rows[0]!.n);
  });

  it("backfills a range the live tail partly covered: no gap, no duplicate", async () => {
    const fresh = await createTestDatabase();
    try {
      const mid = deployment.startBlock + (indexed - deployment.startBlock) / 2n;
      const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], { startBlock: mid });
      const rpc = createRpcClient({ endpoints: cfg.endpoints });
      const live = startEvmChainWorker({ cfg, rpc, db: fresh.pool });
      await waitForCheckpoint(live, indexed);
      await live.stop();
      const liveCount = Number((await fresh.pool.query("select count(*) as n from trades")).rows[0].n);
      const progress: number[] = [];
      await backfillRange({ cfg, rpc, db: fresh.pool }, deployment.startBlock, mid + 20n, {
        onProgress: (p) => {
          progress.push(p.blocksDone);
        },
      });
      const swaps = await chainSwaps(client, deployment, deployment.startBlock, indexed);
      const rows = (await fresh.pool.query<{ id: string }>("select id from trades")).rows.map((r) => r.id);
      expect(liveCount).toBeLessThan(swaps.length);
      expect(rows.sort()).toEqual(swaps.map((s) => s.id).sort());
      expect(progress.at(-1)).toBe(Number(mid + 20n - deployment.startBlock + 1n));
      const buckets = await fresh.pool.query<{ n: string }>(
        "select sum(trades)::text as n from candle_buckets where resolution_s = 86400",
      );
      const priced = await fresh.pool.query<{ n: string }>(
        "select count(*)::text as n from trades where price_native is not null",
      );
      expect(buckets.rows[0]!.n).toBe(priced.rows[0]!.n);
      // the live checkpoint was left where the live tail put it
      const cp = await fresh.pool.query("select block from ingest_checkpoints");
      expect(BigInt(cp.rows[0].block)).toBe(live.checkpoint());
    } finally {
      await fresh.drop();
    }
  });

  it("fails over when an RPC endpoint errors or times out, and goes on", async () => {
    const fresh = await createTestDatabase();
    const bad = await createFlakyProxy(anvil.rpcUrl, "error");
    const good = await createFlakyProxy(anvil.rpcUrl, "ok");
    try {
      const events: RpcClientEvent[] = [];
      const cfg = devnetEvmConfig(deployment, [
        { url: bad.url, timeoutMs: 300 },
        { url: good.url, timeoutMs: 5000 },
      ]);
      const rpc = createRpcClient({
        endpoints: cfg.endpoints,
        cooldownMs: 50,
        onEvent: (e) => events.push(e),
      });
      const worker = startEvmChainWorker({ cfg, rpc, db: fresh.pool });
      const half = deployment.startBlock + (indexed - deployment.startBlock) / 2n;
      await waitForCheckpoint(worker, half);
      // now the first endpoint answers nothing at all (timeouts) and the second fails for a while
      bad.setMode("hang");
      good.setMode("error");
      await new Promise((r) => setTimeout(r, 200));
      good.setMode("ok");
      await waitForCheckpoint(worker, indexed);
      await worker.stop();
      expect(bad.counts.error).toBeGreaterThan(0);
      expect(bad.counts.hang).toBeGreaterThan(0);
      expect(events.some((e) => e.type === "failover" && e.from === bad.url)).toBe(true);
      const swaps = await chainSwaps(client, deployment, deployment.startBlock, indexed);
      const rows = (await fresh.pool.query<{ id: string }>("select id from trades")).rows.map((r) => r.id);
      expect(rows.sort()).toEqual(swaps.map((s) => s.id).sort());
    } finally {
      await bad.close();
      await good.close();
      await fresh.drop();
    }
  });
});
