import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, erc20Abi, parseAbi, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createDevnetRouting } from "../../services/ingest/src/devnet/createDevnetRouting.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createTxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { createUniswapV2Actions } from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import { createUniswapV3Actions } from "../../services/ingest/src/devnet/createUniswapV3Actions.ts";
import type { DevnetDeployment, DevnetV3Pool } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { type ChainSwap, chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

const M = 60_000;
const NATIVE = "0x0000000000000000000000000000000000000000";
/** anvil's dev accounts 7 and 8 (unlocked, 10,000 ETH each) */
const TRADER = "0x14dc79964da2c08b23698b3d3cc7ca32193d9955" as Address;
const FRIEND = "0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f" as Address;
const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
]);
const wethAbi = parseAbi(["function withdraw(uint256 wad)"]);
const v3PoolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
]);

type Equity = {
  data: { currentValueUsd: number; points: { at: number; valueUsd: number }[] };
  meta: {
    from: number;
    to: number;
    intervalMs: number;
    unvaluedTokens: string[];
    partialPoints: number;
    nativeIncluded: boolean;
  };
};

const closeTo = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-6 * Math.max(1, Math.abs(expected)),
  );

/**
 * The equity history on anvil against the chain. A wallet buys LINK on V3 with ETH, receives
 * minted LINK, sells half for WETH, sends a quarter of its LINK away, unwraps half its WETH and
 * buys LINK on V2, a few minutes apart while the simulator's wallets move the prices; it holds ETH
 * throughout (not counted). The worker ingests the
 * chain. At every point the test reads the wallet's balanceOf of each token at the last block of
 * the point's minute, prices it at the last Swap log of the token's main pool up to that minute's
 * end (native per token from the log's amounts) times the stored native/USD rate of the minute,
 * WETH as one native coin, and compares the sum with the served value; the current value from the
 * head's balances and the main pools' reserves (V2 getReserves, V3 slot0).
 */
describe("wallet equity history on anvil against balanceOf and Swap logs", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  let chain: string;
  let swaps: ChainSwap[];
  let head: bigint;
  /** [block, timestamp ms] of every block, oldest first */
  let blocks: [bigint, number][];
  let firstOwnAt: number;
  let lastOwnAt: number;
  const token = (symbol: string) => deployment.tokens.find((t) => t.symbol === symbol)!;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    await client.request({
      method: "evm_setTime",
      params: [Math.floor(Date.now() / 1000) - 3 * 3600],
    } as never);
    deployment = await deployUniswap(client);
    const deployer = createTxSender(client, client.account.address);
    const routing = await createDevnetRouting(client, deployment, deployer);
    const sim = createMarketSimulator({ client, deployment, seed: 17, wallets: 4, routing });
    await sim.runSimulatorSteps(20);
    const v2 = createUniswapV2Actions(client, deployment);
    const v3 = createUniswapV3Actions(client, deployment);
    const trader = createTxSender(client, TRADER);
    const link = token("LINK");
    const linkV3 = deployment.pools.find(
      (p): p is DevnetV3Pool => p.venue === "UNISWAP_V3" && [p.token0, p.token1].includes(link.address),
    )!;
    const balanceOf = (t: string) =>
      client.readContract({
        address: t as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [TRADER],
      });
    const linkAbi =
      link.implementation === "MockERC20"
        ? deployment.abis.erc20WithDecimals
        : deployment.abis.erc20MinterPauser;
    const steps: (() => Promise<unknown>)[][] = [
      // a buy on V3 with ETH
      [
        () =>
          v3.swap(trader, linkV3, {
            tokenIn: deployment.weth,
            amount: parseEther("2"),
            exactOutput: false,
            maxIn: 0n,
            nativeIn: true,
          }),
      ],
      // an airdrop
      [
        () =>
          deployer.write(
            { address: link.address, abi: linkAbi, functionName: "mint", args: [TRADER, 300n * 10n ** 18n] },
            "mint LINK",
          ),
      ],
      // half sold on V3 for WETH, which the wallet keeps
      [
        async () =>
          v3.swap(trader, linkV3, {
            tokenIn: link.address,
            amount: (await balanceOf(link.address)) / 2n,
            exactOutput: false,
            maxIn: 0n,
            nativeIn: false,
          }),
      ],
      // a quarter sent away, half the WETH unwrapped, a buy on V2 with ETH
      [
        async () =>
          trader.write(
            {
              address: link.address as Address,
              abi: erc20Abi,
              functionName: "transfer",
              args: [FRIEND, (await balanceOf(link.address)) / 4n],
            },
            "send LINK",
          ),
        async () =>
          trader.write(
            {
              address: deployment.weth as Address,
              abi: wethAbi,
              functionName: "withdraw",
              args: [(await balanceOf(deployment.weth)) / 2n],
            },
            "unwrap WETH",
          ),
        () =>
          v2.swap(trader, {
            path: [deployment.weth, link.address],
            amount: parseEther("1"),
            exactOutput: false,
            maxIn: 0n,
            nativeIn: true,
            nativeOut: false,
          }),
      ],
    ];
    const ownAt: number[] = [];
    for (const actions of steps) {
      await client.increaseTime({ seconds: 170 });
      await sim.runSimulatorSteps(6);
      for (const act of actions) {
        await act();
        ownAt.push(Number((await client.getBlock()).timestamp) * 1000);
      }
      await sim.runSimulatorSteps(6);
    }
    await client.increaseTime({ seconds: 170 });
    await sim.runSimulatorSteps(6);
    firstOwnAt = ownAt[0]!;
    lastOwnAt = ownAt.at(-1)!;

    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    chain = cfg.chain;
    head = await client.getBlockNumber();
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    try {
      await waitForCheckpoint(worker, head);
    } finally {
      await worker.stop();
    }
    swaps = (await chainSwaps(client, deployment, deployment.startBlock, head)).sort(
      (a, b) => Number(a.block - b.block) || a.logIndex - b.logIndex,
    );
    blocks = [];
    for (let b = deployment.startBlock; b <= head; b++)
      blocks.push([b, Number((await client.getBlock({ blockNumber: b })).timestamp) * 1000]);
    const api = await serveApi({
      pool: db.pool,
      name: "evm-wallet-equity",
      providers: [createPortfolioProvider({ nodes: new Map() })],
      endpoints: [walletEndpoints],
    });
    url = api.url;
    close = api.close;
  }, 600_000);

  afterAll(async () => {
    await close?.();
    await db?.drop();
    await anvil?.stop();
  });

  /** The main pool of a token as positions pick it: its best pool, else its pool of most native liquidity. */
  async function mainPool(tokenAddr: string): Promise<string> {
    const { rows } = await db.pool.query<{ address: string }>(
      `select p.address from pools p where p.chain_id = $1 and p.token_address = $2
       order by p.address = (select best_pool from tokens where chain_id = $1 and address = $2) desc nulls last,
                p.liquidity_native desc nulls last, p.address limit 1`,
      [chain, tokenAddr],
    );
    return rows[0]!.address;
  }

  /** The stored native/USD rate of a minute: its latest minute at or before it within the hour. */
  async function rateAt(minute: number): Promise<number | null> {
    const { rows } = await db.pool.query<{ price_usd: string }>(
      `select price_usd from native_prices where chain_id = $1 and minute <= $2 and minute >= $3
       order by minute desc limit 1`,
      [chain, minute, minute - 3_600_000],
    );
    return rows[0] ? Number(rows[0].price_usd) : null;
  }

  it("serves at each minute the balanceOf of each token at that minute's last block, at its main pool's last Swap price", async () => {
    const from = Math.floor(firstOwnAt / M) * M - 3 * M;
    const to = Math.floor(lastOwnAt / M) * M + 2 * M;
    const res = await fetch(
      `${url}/v1/wallet/equity/history?${new URLSearchParams({ chain, wallet: TRADER, from: String(from + 1234), to: String(to + 59_999) })}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Equity;
    expect(body.meta).toMatchObject({
      from,
      to,
      intervalMs: M,
      nativeIncluded: false,
      nativeKnownFrom: null,
      unvaluedTokens: [],
    });
    expect(body.data.points.map((p) => p.at)).toEqual(
      Array.from({ length: (to - from) / M + 1 }, (_, i) => from + i * M),
    );
    // the wallet holds ETH all along, which the recorded balances do not count
    expect(await client.getBalance({ address: TRADER })).toBeGreaterThan(parseEther("100"));

    const held = ["LINK", "WETH"].map(token);
    const priceOf = new Map<string, (end: number) => number | null>();
    for (const t of held.filter((k) => k.address !== deployment.weth)) {
      const pool = await mainPool(t.address);
      const list = swaps.filter((s) => s.pool === pool);
      expect([deployment.weth, NATIVE], `${t.symbol}'s main pool is quoted in native`).toContain(
        list[0]!.quote,
      );
      priceOf.set(t.address, (end) => {
        const last = list.filter((s) => s.atMs < end).at(-1);
        return last ? Number(last.amountQuote) / 1e18 / (Number(last.amountToken) / 10 ** t.decimals) : null;
      });
    }
    const seen = new Set<string>();
    for (const p of body.data.points) {
      const end = p.at + M;
      const block = blocks.filter(([, at]) => at < end).at(-1)?.[0];
      // a minute that ended before the tokens' deployment block: nothing to hold yet
      if (block === undefined) {
        closeTo(p.valueUsd, 0, `value at ${p.at}`);
        continue;
      }
      const usd = await rateAt(p.at);
      let expected = 0;
      for (const t of held) {
        const raw = await client.readContract({
          address: t.address as Address,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [TRADER],
          blockNumber: block,
        });
        if (raw === 0n) continue;
        seen.add(t.symbol);
        const amount = Number(raw) / 10 ** t.decimals;
        // wrapped native: one native coin each (its trades are priced 1)
        if (t.address === deployment.weth) {
          expect(usd, `native/USD at ${p.at}`).not.toBeNull();
          expected += amount * usd!;
          continue;
        }
        const native = priceOf.get(t.address)!(end);
        expect(native, `${t.symbol} has a price at ${p.at}`).not.toBeNull();
        expect(usd, `native/USD at ${p.at}`).not.toBeNull();
        expected += amount * native! * usd!;
      }
      closeTo(p.valueUsd, expected, `value at ${p.at}`);
    }
    // every token was held at some point, and each of the four steps moved the value
    expect([...seen].sort()).toEqual(["LINK", "WETH"]);
    expect(new Set(body.data.points.map((p) => p.valueUsd)).size).toBeGreaterThanOrEqual(5);
    expect(body.data.points[0]!.valueUsd).toBe(0);
  });

  it("serves the current value from the head's balances at the main pools' reserves and the latest rate", async () => {
    const res = await fetch(
      `${url}/v1/wallet/equity/history?${new URLSearchParams({ chain, wallet: TRADER })}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Equity;
    const spot = await db.pool.query<{ price_usd: string }>(
      "select price_usd from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    const spotUsd = Number(spot.rows[0]!.price_usd);
    let expected = 0;
    for (const t of ["LINK", "WETH"].map(token)) {
      const raw = await client.readContract({
        address: t.address as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [TRADER],
        blockNumber: head,
      });
      if (raw === 0n) continue;
      const amount = Number(raw) / 10 ** t.decimals;
      if (t.address === deployment.weth) {
        expected += amount * spotUsd;
        continue;
      }
      const address = (await mainPool(t.address)) as Address;
      const def = deployment.pools.find(
        (p) => p.venue !== "UNISWAP_V4" && p.address.toLowerCase() === address,
      )!;
      const isToken0 = def.token0 === t.address;
      const other = isToken0 ? def.token1 : def.token0;
      expect([deployment.weth, NATIVE]).toContain(other);
      let token1Per0: number;
      if (def.venue === "UNISWAP_V2") {
        const [r0, r1] = await client.readContract({
          address,
          abi: pairAbi,
          functionName: "getReserves",
          blockNumber: head,
        });
        const d0 = isToken0 ? t.decimals : 18;
        const d1 = isToken0 ? 18 : t.decimals;
        token1Per0 = Number(r1) / 10 ** d1 / (Number(r0) / 10 ** d0);
      } else {
        const [sqrt] = await client.readContract({
          address,
          abi: v3PoolAbi,
          functionName: "slot0",
          blockNumber: head,
        });
        const d0 = isToken0 ? t.decimals : 18;
        const d1 = isToken0 ? 18 : t.decimals;
        token1Per0 = (Number(sqrt) / 2 ** 96) ** 2 * 10 ** (d0 - d1);
      }
      expected += amount * (isToken0 ? token1Per0 : 1 / token1Per0) * spotUsd;
    }
    expect(expected).toBeGreaterThan(0);
    closeTo(body.data.currentValueUsd, expected, "current value");
  });
});
