import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, erc20Abi, parseEther } from "viem";
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
import { chainNodeOf, createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { type ChainSwap, chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

const DAY = 86_400_000;
const NATIVE = "0x0000000000000000000000000000000000000000";
/** anvil's dev account 7 (unlocked, 10,000 ETH): the wallet whose curve is checked. */
const TRADER = "0x14dc79964da2c08b23698b3d3cc7ca32193d9955" as Address;

type Day = {
  at: number;
  realizedPnlUsd: number;
  unrealizedPnlUsd: number;
  openPositions: number;
  unvaluedPositions: number;
  trades: number;
};
type Pnl = {
  data: {
    summary: {
      realizedPnlUsd: number;
      unrealizedPnlUsd: number;
      totalPnlUsd: number;
      boughtUsd: number;
      soldUsd: number;
      trades: number;
      wins: number;
      losses: number;
      winRatePct: number | null;
    };
    days: Day[];
  };
  meta: { usdBasis: string; from: number; to: number };
};

const closeTo = (actual: number, expected: number, what: string) =>
  expect(Math.abs(actual - expected), `${what}: ${actual} vs ${expected}`).toBeLessThanOrEqual(
    1e-6 * Math.max(1, Math.abs(expected)),
  );

/**
 * The PnL curve on anvil against the chain. Over five days (anvil's clock moved a day at a time,
 * the simulator's wallets trading in between so prices move) a wallet buys PEPE on V2 and LINK on
 * V3, sells part, exits PEPE fully and buys LINK back; the worker ingests the chain. Each day's
 * realized PnL, unrealized PnL at the day's close and the summary's wins are computed here from
 * the chain's Swap logs by the documented rules: average cost in native over the wallet's swaps,
 * the close being the price of the last Swap of the token's main pool on or before the day,
 * everything at the chain's spot native price.
 */
describe("wallet PnL curve on anvil against the Swap logs", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  let chain: string;
  let spotUsd: number;
  let swaps: ChainSwap[];
  let firstDay: number;
  let lastDay: number;
  const token = (symbol: string) => deployment.tokens.find((t) => t.symbol === symbol)!;

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    await client.request({
      method: "evm_setTime",
      params: [Math.floor(Date.now() / 1000) - 7 * 86_400],
    } as never);
    deployment = await deployUniswap(client);
    const deployer = createTxSender(client, client.account.address);
    const routing = await createDevnetRouting(client, deployment, deployer);
    const sim = createMarketSimulator({ client, deployment, seed: 31, wallets: 4, routing });
    await sim.runSimulatorSteps(20);
    const v2 = createUniswapV2Actions(client, deployment);
    const v3 = createUniswapV3Actions(client, deployment);
    const trader = createTxSender(client, TRADER);
    const pepe = token("PEPE").address;
    const link = token("LINK").address;
    const linkV3 = deployment.pools.find(
      (p): p is DevnetV3Pool => p.venue === "UNISWAP_V3" && [p.token0, p.token1].includes(link),
    )!;
    const balanceOf = (t: string) =>
      client.readContract({
        address: t as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [TRADER],
      });
    const v2Buy = (eth: string) =>
      v2.swap(trader, {
        path: [deployment.weth, pepe],
        amount: parseEther(eth),
        exactOutput: false,
        maxIn: 0n,
        nativeIn: true,
        nativeOut: false,
      });
    const v2Sell = async (share: bigint) =>
      v2.swap(trader, {
        path: [pepe, deployment.weth],
        amount: ((await balanceOf(pepe)) * share) / 100n,
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
        nativeOut: true,
      });
    const v3Buy = (eth: string) =>
      v3.swap(trader, linkV3, {
        tokenIn: deployment.weth,
        amount: parseEther(eth),
        exactOutput: false,
        maxIn: 0n,
        nativeIn: true,
      });
    const v3Sell = async (share: bigint) =>
      v3.swap(trader, linkV3, {
        tokenIn: link,
        amount: ((await balanceOf(link)) * share) / 100n,
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
      });
    const days: (() => Promise<unknown>)[][] = [
      [() => v2Buy("1"), () => v3Buy("2")],
      [() => v2Buy("0.5")],
      [() => v2Sell(50n), () => v3Sell(100n)],
      [() => v2Sell(100n), () => v3Buy("1")],
      [],
    ];
    for (const actions of days) {
      await client.increaseTime({ seconds: 86_400 });
      await sim.runSimulatorSteps(8);
      for (const act of actions) await act();
      await sim.runSimulatorSteps(8);
    }

    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    chain = cfg.chain;
    const head = await client.getBlockNumber();
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
    const spot = await db.pool.query<{ price_usd: string }>(
      "select price_usd from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    spotUsd = Number(spot.rows[0]!.price_usd);
    swaps = (await chainSwaps(client, deployment, deployment.startBlock, head)).sort(
      (a, b) => a.atMs - b.atMs || Number(a.block - b.block) || a.logIndex - b.logIndex,
    );
    const own = swaps.filter((s) => s.from === TRADER);
    firstDay = Math.floor(own[0]!.atMs / DAY) * DAY;
    lastDay =
      Math.floor(Number((await client.getBlock({ blockNumber: head })).timestamp * 1000n) / DAY) * DAY;
    const api = await serveApi({
      pool: db.pool,
      name: "evm-wallet-pnl",
      providers: [
        createPortfolioProvider({
          nodes: new Map([
            [
              chain as `evm:${number}`,
              chainNodeOf(chain as `evm:${number}`, { url: anvil.rpcUrl, multicall3: null }),
            ],
          ]),
        }),
      ],
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

  it("serves each day's realized and close-valued unrealized PnL as the Swap logs give them", async () => {
    const res = await fetch(
      `${url}/v1/wallet/pnl?${new URLSearchParams({ chain, wallet: TRADER, from: String(firstDay + 5), to: String(lastDay + DAY - 1) })}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Pnl;
    expect(body.meta).toMatchObject({ usdBasis: "spot", from: firstDay, to: lastDay });
    const dayCount = (lastDay - firstDay) / DAY + 1;
    expect(dayCount).toBeGreaterThanOrEqual(5);
    expect(body.data.days.map((d) => d.at)).toEqual(
      Array.from({ length: dayCount }, (_, i) => firstDay + i * DAY),
    );

    const own = swaps.filter((s) => s.from === TRADER);
    const tokens = [...new Set(own.map((s) => s.token))];
    expect(tokens.sort()).toEqual([token("LINK").address, token("PEPE").address].sort());
    const decimalsOf = (t: string) => deployment.tokens.find((k) => k.address === t)!.decimals;
    // the close of each token's main pool on a day: the price of its last Swap on or before the day
    const closeSwaps = new Map<string, ChainSwap[]>();
    for (const t of tokens) {
      const pool = await mainPool(t);
      const list = swaps.filter((s) => s.pool === pool);
      expect([deployment.weth, NATIVE], `${t}'s main pool is quoted in native`).toContain(list[0]!.quote);
      closeSwaps.set(t, list);
    }
    const closeAt = (t: string, dayEnd: number) => {
      const last = closeSwaps
        .get(t)!
        .filter((s) => s.atMs < dayEnd)
        .at(-1)!;
      return Number(last.amountQuote) / 1e18 / (Number(last.amountToken) / 10 ** decimalsOf(t));
    };
    const expected = body.data.days.map(() => ({ realized: 0, unrealized: 0, open: 0, trades: 0 }));
    let wins = 0;
    let losses = 0;
    for (const t of tokens) {
      let bag = 0n;
      let cost = 0;
      let realizedTotal = 0;
      const mine = own.filter((s) => s.token === t);
      expect(mine.every((s) => s.quote === deployment.weth || s.quote === NATIVE)).toBe(true);
      let i = 0;
      for (const [k, day] of body.data.days.entries()) {
        for (; i < mine.length && mine[i]!.atMs < day.at + DAY; i++) {
          const s = mine[i]!;
          const native = Number(s.amountQuote) / 1e18;
          expected[k]!.trades++;
          if (s.isBuy) {
            bag += s.amountToken;
            cost += native;
            continue;
          }
          const covered = s.amountToken < bag ? s.amountToken : bag;
          const share = Number(covered) / Number(bag);
          const realized = native * (Number(covered) / Number(s.amountToken)) - cost * share;
          expected[k]!.realized += realized * spotUsd;
          realizedTotal += realized;
          cost -= cost * share;
          bag -= covered;
          if (bag === 0n) cost = 0;
        }
        if (bag === 0n) continue;
        expected[k]!.open++;
        expected[k]!.unrealized +=
          ((Number(bag) / 10 ** decimalsOf(t)) * closeAt(t, day.at + DAY) - cost) * spotUsd;
      }
      if (mine.some((s) => !s.isBuy)) {
        if (realizedTotal > 0) wins++;
        else losses++;
      }
    }
    for (const [k, day] of body.data.days.entries()) {
      const e = expected[k]!;
      closeTo(day.realizedPnlUsd, e.realized, `realized of day ${k}`);
      closeTo(day.unrealizedPnlUsd, e.unrealized, `unrealized of day ${k}`);
      expect([day.openPositions, day.unvaluedPositions, day.trades], `day ${k}`).toEqual([
        e.open,
        0,
        e.trades,
      ]);
    }
    // PEPE was fully sold, LINK sold and bought back: realized on two days, both tokens decided
    expect(expected.filter((e) => e.realized !== 0).length).toBe(2);
    expect(expected.some((e) => e.open === 2)).toBe(true);
    const s = body.data.summary;
    closeTo(
      s.realizedPnlUsd,
      expected.reduce((a, e) => a + e.realized, 0),
      "summary realized",
    );
    closeTo(s.unrealizedPnlUsd, expected.at(-1)!.unrealized, "summary unrealized");
    closeTo(s.totalPnlUsd, s.realizedPnlUsd + s.unrealizedPnlUsd, "summary total");
    closeTo(
      s.boughtUsd,
      own.filter((x) => x.isBuy).reduce((a, x) => a + Number(x.amountQuote) / 1e18, 0) * spotUsd,
      "bought",
    );
    closeTo(
      s.soldUsd,
      own.filter((x) => !x.isBuy).reduce((a, x) => a + Number(x.amountQuote) / 1e18, 0) * spotUsd,
      "sold",
    );
    expect([s.wins, s.losses, s.trades]).toEqual([wins, losses, own.length]);
    expect(s.winRatePct).toBe((wins / (wins + losses)) * 100);
  });

  it("leaves days before the curve out of the days' realized PnL but builds the bags from them", async () => {
    const from = firstDay + 3 * DAY;
    const res = await fetch(
      `${url}/v1/wallet/pnl?${new URLSearchParams({ chain, wallet: TRADER, from: String(from), to: String(from) })}`,
    );
    const full = (await (
      await fetch(
        `${url}/v1/wallet/pnl?${new URLSearchParams({ chain, wallet: TRADER, from: String(firstDay), to: String(from) })}`,
      )
    ).json()) as Pnl;
    const one = (await res.json()) as Pnl;
    expect(one.data.days).toHaveLength(1);
    expect(one.data.days[0]).toEqual(full.data.days.at(-1));
    expect(one.data.summary.realizedPnlUsd).toBe(one.data.days[0]!.realizedPnlUsd);
  });
});
