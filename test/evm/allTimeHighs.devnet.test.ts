import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, parseAbi, parseAbiItem } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import {
  createUniswapV2Actions,
  type UniswapV2Actions,
} from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployDevnetToken } from "../../services/ingest/src/devnet/deployDevnetToken.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { PRICE_SCALE } from "../../services/ingest/src/evm/rational.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createMarketQueries } from "../../services/query/src/market/createMarketQueries.ts";
import { chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * All-time highs kept by ingest, against the chain: for every market quoted in WETH or ETH the
 * stored price ATH equals the highest wick-clamped high of 1-minute candles built in the test
 * from the chain's Swap logs (open = previous close; a candle of 1-2 trades capped at
 * max(open, close) x 1.25), and for the V2 ones the liquidity ATH equals the highest 2 x WETH
 * reserve of the Sync logs at the end of a block (the worker reads one block per range). A
 * two-trade wick is clamped; a high set in blocks a reorg orphans is gone after the rollback.
 */

const E18 = 10n ** 18n;
const NATIVE = "0x0000000000000000000000000000000000000000";
const sync = parseAbiItem("event Sync(uint112 reserve0, uint112 reserve1)");

/**
 * Highest clamped 1-minute high per pool from the chain's swaps in native-quoted pools: over its
 * closed candles (what ingest stores; the newest may still take a trade) and over all of them
 * (what the token snapshot serves, the forming candle as it stands).
 */
async function expectedPriceAths(
  client: DevnetClient,
  d: DevnetDeployment,
  head: bigint,
): Promise<Map<string, { closed: number; all: number }>> {
  const swaps = (await chainSwaps(client, d, d.startBlock, head)).filter(
    (s) => s.quote === d.weth || s.quote === NATIVE,
  );
  swaps.sort((a, b) => (a.block === b.block ? a.logIndex - b.logIndex : Number(a.block - b.block)));
  const byPool = new Map<
    string,
    { minute: number; first: number; last: number; high: number; n: number }[]
  >();
  for (const s of swaps) {
    const price = Number(s.priceQuote(PRICE_SCALE));
    const minute = Math.floor(s.atMs / 60_000);
    const candles = byPool.get(s.pool) ?? [];
    byPool.set(s.pool, candles);
    const c = candles.at(-1);
    if (c && c.minute === minute) {
      c.last = price;
      c.high = Math.max(c.high, price);
      c.n++;
    } else candles.push({ minute, first: price, last: price, high: price, n: 1 });
  }
  const out = new Map<string, { closed: number; all: number }>();
  for (const [pool, candles] of byPool) {
    const highs = candles.map((c, i) => {
      const open = i > 0 ? candles[i - 1]!.last : c.first;
      return c.n <= 2 ? Math.min(c.high, Math.max(open, c.last) * 1.25) : c.high;
    });
    out.set(pool, { closed: Math.max(0, ...highs.slice(0, -1)), all: Math.max(...highs) });
  }
  return out;
}

/** Highest native liquidity (2 x the WETH reserve) at the end of a block, per V2 WETH pool, from Sync logs. */
async function expectedLiquidityAths(
  client: DevnetClient,
  d: DevnetDeployment,
  pools: { address: string; wethIs0: boolean }[],
  head: bigint,
) {
  const out = new Map<string, number>();
  for (const p of pools) {
    const logs = await client.getLogs({
      address: p.address as Address,
      event: sync,
      fromBlock: d.startBlock,
      toBlock: head,
    });
    const endOfBlock = new Map<bigint, bigint>();
    for (const l of logs) endOfBlock.set(l.blockNumber, p.wethIs0 ? l.args.reserve0! : l.args.reserve1!);
    out.set(p.address, Math.max(...[...endOfBlock.values()].map((r) => (2 * Number(r)) / 1e18)));
  }
  return out;
}

const close = (got: string | null, want: number) => {
  expect(got).not.toBeNull();
  expect(Math.abs(Number(got) / want - 1), `${got} vs ${want}`).toBeLessThan(1e-9);
};

describe("all-time highs kept by ingest (anvil)", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let owner: TxSender;
  let v2: UniswapV2Actions;
  let token: Address;
  let pool: string;
  let worker: ReturnType<typeof startEvmChainWorker>;
  let minute: number;

  /** Sends the next transactions of `fn` in the next whole minute, one second apart. */
  async function inNextMinute(fn: (at: () => Promise<void>) => Promise<void>): Promise<void> {
    minute += 60;
    let second = 1;
    await fn(async () => {
      await client.setNextBlockTimestamp({ timestamp: BigInt(minute + second++) });
    });
  }
  const buy = (eth: bigint) =>
    v2.swap(owner, {
      path: [deployment.weth, token],
      amount: eth,
      exactOutput: false,
      maxIn: 0n,
      nativeIn: true,
      nativeOut: false,
    });
  const sell = (amount: bigint) =>
    v2.swap(owner, {
      path: [token, deployment.weth],
      amount,
      exactOutput: false,
      maxIn: 0n,
      nativeIn: false,
      nativeOut: true,
    });

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    owner = createTxSender(client, client.account.address);
    v2 = createUniswapV2Actions(client, deployment);
    const t = await deployDevnetToken(owner, loadDevnetArtifacts(), {
      name: "Peak",
      symbol: "PEAK",
      decimals: 18,
      supply: 10_000_000n * E18,
      seedPriceUsd: 1,
    });
    token = t.address.toLowerCase() as Address;
    pool = (
      await v2.createPool(owner, {
        tokenA: token,
        tokenB: deployment.weth,
        amountA: 1_000_000n * E18,
        amountB: 10n * E18,
        nativeEth: true,
      })
    ).address;
    minute = Math.ceil(Number((await client.getBlock()).timestamp) / 60) * 60;
    // simulated markets, a few steps a minute
    const sim = createMarketSimulator({ client, deployment, seed: 3 });
    for (let i = 0; i < 6; i++) {
      await inNextMinute(async (at) => {
        await at();
        await sim.runSimulatorSteps(4);
      });
    }
    // PEAK: a plain minute; a big buy alone in its minute (a one-trade candle, high = close);
    // then, in one minute, a tiny buy at the spot the big buy left and a sell of everything
    // bought: a two-trade candle whose high is one print far above its open and close
    await inNextMinute(async (at) => {
      await at();
      await buy(E18 / 10n);
    });
    await inNextMinute(async (at) => {
      await at();
      await buy(8n * E18);
    });
    await inNextMinute(async (at) => {
      await at();
      await buy(E18 / 1000n);
      const held = (await client.readContract({
        address: token,
        abi: parseAbi(["function balanceOf(address) view returns (uint256)"]),
        functionName: "balanceOf",
        args: [owner.address],
      })) as bigint;
      await at();
      await sell(held - 9_000_000n * E18 - 1n);
    });
    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }], {
      maxBlockRange: 1,
      finalityDepth: 512,
    });
    worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool });
    await waitForCheckpoint(worker, await client.getBlockNumber());
  }, 300_000);

  afterAll(async () => {
    await worker?.stop();
    await db?.drop();
    await anvil?.stop();
  });

  async function expectAthsMatchChain(): Promise<Map<string, { closed: number; all: number }>> {
    const head = await client.getBlockNumber();
    await waitForCheckpoint(worker, head);
    const want = await expectedPriceAths(client, deployment, head);
    const { rows } = await db.pool.query<{
      address: string;
      venue_type: string;
      token0: string;
      price_native_ath: string | null;
      liquidity_native_ath: string | null;
    }>("select address, venue_type, token0, price_native_ath::text, liquidity_native_ath::text from pools");
    const stored = new Map(rows.map((r) => [r.address, r]));
    expect(want.size).toBeGreaterThan(3);
    for (const [address, ath] of want) {
      if (ath.closed > 0) close(stored.get(address)?.price_native_ath ?? null, ath.closed);
      else expect(stored.get(address)?.price_native_ath, address).toBeNull();
    }
    const v2Weth = rows.filter((r) => r.venue_type === "UNISWAP_V2" && want.has(r.address));
    const liq = await expectedLiquidityAths(
      client,
      deployment,
      v2Weth.map((r) => ({ address: r.address, wethIs0: r.token0 === deployment.weth })),
      head,
    );
    for (const [address, ath] of liq) close(stored.get(address)?.liquidity_native_ath ?? null, ath);
    return want;
  }

  it("keeps every native-quoted market's clamped price ATH and V2 liquidity ATH as the chain's logs give them", async () => {
    const want = await expectAthsMatchChain();
    // the spike's raw high is above the served ATH: its wick was clamped
    const swaps = (
      await chainSwaps(client, deployment, deployment.startBlock, await client.getBlockNumber())
    ).filter((s) => s.pool === pool);
    const rawHigh = Math.max(...swaps.map((s) => Number(s.priceQuote(PRICE_SCALE))));
    expect(rawHigh).toBeGreaterThan(want.get(pool)!.all * 1.1);
    const snap = await createMarketQueries({ db: db.pool }).tokenSnapshot({
      chain: `evm:${deployment.chainId}`,
      address: token,
    });
    expect(snap.pool?.address).toBe(pool);
    close(snap.priceNativeAth, want.get(pool)!.all);
  });

  it("drops a high set in blocks a reorg orphans and keeps the new chain's", async () => {
    const prior = (await expectAthsMatchChain()).get(pool)!.closed;
    const snapshot = await client.snapshot();
    // a big buy alone in its minute, closed by a small buy the next minute: a stored high
    await inNextMinute(async (at) => {
      await at();
      await buy(20n * E18);
    });
    await inNextMinute(async (at) => {
      await at();
      await buy(E18 / 100n);
    });
    const orphaned = await expectAthsMatchChain();
    expect(orphaned.get(pool)!.closed).toBeGreaterThan(prior * 1.1);

    await client.revert({ id: snapshot });
    minute -= 120;
    for (let i = 0; i < 3; i++) {
      await inNextMinute(async (at) => {
        await at();
        await buy(E18 / 100n);
        await at();
        await buy(E18 / 100n);
      });
    }
    const want = await expectAthsMatchChain();
    expect(want.get(pool)!.closed).toBeLessThan(orphaned.get(pool)!.closed);
    const snap = await createMarketQueries({ db: db.pool }).tokenSnapshot({
      chain: `evm:${deployment.chainId}`,
      address: token,
    });
    close(snap.priceNativeAth, want.get(pool)!.all);
    close(
      snap.liquidityNativeAth,
      (
        await expectedLiquidityAths(
          client,
          deployment,
          [
            {
              address: pool,
              wethIs0:
                (
                  await db.pool.query<{ t: string }>("select token0 as t from pools where address = $1", [
                    pool,
                  ])
                ).rows[0]!.t === deployment.weth,
            },
          ],
          await client.getBlockNumber(),
        )
      ).get(pool)!,
    );
  });
});
