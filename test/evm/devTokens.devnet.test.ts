import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, decodeEventLog, parseAbi, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { traderEndpoints } from "../../services/api/src/endpoints/traders/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import {
  createLaunchpadActions,
  type DevnetLaunch,
  type LaunchpadActions,
} from "../../services/ingest/src/devnet/createLaunchpadActions.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import {
  createUniswapV2Actions,
  type UniswapV2Actions,
} from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import type { DevnetDeployment, DevnetV2Pool } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployDevnetToken } from "../../services/ingest/src/devnet/deployDevnetToken.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { tapelineLaunchpadFactory } from "../../services/ingest/src/evm/launchpadRegistry.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { provider as devTokensProvider } from "../../services/query/src/devTokens/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * The deployer track record on the devnet: one deployer launches four tokens while the EVM
 * worker ingests live (each step ingested before the next): one whose V2 pair it drains two
 * hours after deploy (rugged), one it drains to about 300 USD two days in (abandoned), one on the
 * launchpad whose curve another wallet fills (graduated into a V2 pair), and one it drains only
 * after its first week (active); anvil's `evm_increaseTime` moves the time. The test computes
 * each verdict from the chain's own data by the documented rules: each token's creation (its
 * creating receipt's block time), its best pool (the market holding the most native value at the
 * head: the graduated curve's pair from its Graduated log), the pool's reserves at every block
 * with a Sync log (native liquidity = twice the WETH side), valued at the ETH/USD price of the
 * devnet's deep V2 WETH/USDC pair at that block, and graduation from the launchpad's logs; and
 * asks GET /v1/token/dev-tokens by wallet and by token (the graduated token resolves to its
 * curve's creator, never the wallet whose buy migrated it).
 */

const HOUR = 3600;
const DAY = 24 * HOUR;
const pairAbi = parseAbi([
  "function getReserves() view returns (uint112, uint112, uint32)",
  "function token0() view returns (address)",
  "event Sync(uint112 reserve0, uint112 reserve1)",
]);
const graduatedAbi = parseAbi([
  "event Graduated(address indexed pair, uint256 tokenAmount, uint256 ethAmount)",
]);

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let worker: EvmChainWorker;
let api: Awaited<ReturnType<typeof serveApi>>;
let v2: UniswapV2Actions;
let lp: LaunchpadActions;
let dev: TxSender;
let buyer: TxSender;
let chain: string;
const tokens: Record<"rugged" | "abandoned" | "active", { token: Address; pool: DevnetV2Pool }> = {} as never;
let launch: DevnetLaunch;

const step = async () => waitForCheckpoint(worker, await client.getBlockNumber());
const later = async (seconds: number) => {
  await client.increaseTime({ seconds });
  await client.mine({ blocks: 1 });
};

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  deployment = await deployUniswap(client);
  chain = `evm:${deployment.chainId}`;
  const accounts = (await client.request({ method: "eth_accounts" as never })) as unknown as Address[];
  dev = createTxSender(client, accounts[3]!);
  buyer = createTxSender(client, accounts[4]!);
  for (const w of [dev, buyer]) await client.setBalance({ address: w.address, value: parseEther("10000") });
  v2 = createUniswapV2Actions(client, deployment);
  lp = await createLaunchpadActions(deployment, createTxSender(client, client.account.address));
  db = await createTestDatabase();
  const base = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
  const cfg = { ...base, factories: [...base.factories, tapelineLaunchpadFactory(lp.launchpad)] };
  worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool });
  await step();

  const artifacts = loadDevnetArtifacts();
  const launchV2 = async (symbol: string, eth: string) => {
    const t = await deployDevnetToken(dev, artifacts, {
      name: `Dev ${symbol}`,
      symbol,
      decimals: 18,
      supply: parseEther("2000000"),
      seedPriceUsd: 1,
    });
    const pool = await v2.createPool(dev, {
      tokenA: t.address,
      tokenB: deployment.weth,
      amountA: parseEther("1000000"),
      amountB: parseEther(eth),
      nativeEth: true,
    });
    return { token: t.address.toLowerCase() as Address, pool };
  };
  tokens.rugged = await launchV2("RUG", "1");
  await step();
  await later(60);
  tokens.abandoned = await launchV2("ABN", "1");
  await step();
  await later(60);
  launch = await lp.create(dev, "Dev Launch", "LNCH", "");
  await lp.buy(buyer, launch, parseEther("0.5"));
  await step();
  await later(60);
  tokens.active = await launchV2("ACT", "2");
  await step();
  // two hours in: the first token's pair drained (0.1 % left)
  await later(2 * HOUR);
  await v2.removeLiquidity(dev, tokens.rugged.pool, 9990);
  await step();
  // two days in: the second's drained to 5 % (about 300 USD)
  await later(2 * DAY);
  await v2.removeLiquidity(dev, tokens.abandoned.pool, 9500);
  await step();
  // the curve filled by another wallet: graduated into a V2 pair
  await lp.buy(buyer, launch, parseEther("100"));
  await step();
  // past the first week: the last token's pair drained
  await later(7 * DAY);
  await v2.removeLiquidity(dev, tokens.active.pool, 9990);
  await step();
  api = await serveApi({
    pool: db.pool,
    name: "dev-tokens-devnet",
    providers: [devTokensProvider],
    endpoints: [traderEndpoints],
  });
}, 600_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

/** Block time in ms. */
const timeOf = async (block: bigint) =>
  Number((await client.getBlock({ blockNumber: block })).timestamp) * 1000;

/** A contract's creating receipt from the chain: the one deploying it, else the first carrying a log it emitted. */
async function creation(address: Address): Promise<{ at: number; from: string }> {
  const head = await client.getBlockNumber();
  for (let b = 0n; b <= head; b++) {
    const block = await client.getBlock({ blockNumber: b, includeTransactions: true });
    for (const tx of block.transactions) {
      const r = await client.getTransactionReceipt({ hash: tx.hash });
      if (
        r.contractAddress?.toLowerCase() === address ||
        r.logs.some((l) => l.address.toLowerCase() === address)
      )
        return { at: Number(block.timestamp) * 1000, from: tx.from.toLowerCase() };
    }
  }
  throw new Error(`no creation of ${address}`);
}

/** ETH/USD at a block: the devnet's deep V2 WETH/USDC pair's price. */
async function ethUsd(block: bigint): Promise<number> {
  const pair = deployment.pools.find(
    (p) =>
      p.venue === "UNISWAP_V2" &&
      [p.token0, p.token1]
        .map((a) => a.toLowerCase())
        .sort()
        .join() ===
        [deployment.weth, deployment.usdc]
          .map((a) => a.toLowerCase())
          .sort()
          .join(),
  ) as DevnetV2Pool;
  const [r0, r1] = await client.readContract({
    address: pair.address,
    abi: pairAbi,
    functionName: "getReserves",
    blockNumber: block,
  });
  const wethIs0 = pair.token0.toLowerCase() === deployment.weth.toLowerCase();
  const weth = Number(wethIs0 ? r0 : r1) / 1e18;
  const usdc = Number(wethIs0 ? r1 : r0) / 1e6;
  return usdc / weth;
}

/** The pair's native liquidity (twice its WETH side) and its USD value at every block with a Sync log. */
async function liquidityHistory(pair: Address): Promise<{ at: number; native: number; usd: number }[]> {
  const head = await client.getBlockNumber();
  const logs = await client.getLogs({ address: pair, event: pairAbi[2], fromBlock: 0n, toBlock: head });
  const wethIs0 =
    (
      (await client.readContract({ address: pair, abi: pairAbi, functionName: "token0" })) as string
    ).toLowerCase() === deployment.weth.toLowerCase();
  const blocks = [...new Set(logs.map((l) => l.blockNumber!))];
  const out = [];
  for (const b of blocks) {
    const [r0, r1] = await client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: "getReserves",
      blockNumber: b,
    });
    const native = (2 * Number(wethIs0 ? r0 : r1)) / 1e18;
    out.push({ at: await timeOf(b), native, usd: native * (await ethUsd(b)) });
  }
  return out;
}

type Row = {
  address: string;
  createdAt: number;
  migrated: boolean;
  isLaunchpad: boolean;
  liquidityNative: string;
  liquidityUsd: number;
  status: string;
};

/** A token's row by the documented rules, from the chain. */
async function expected(token: Address, pair: Address, graduated: boolean): Promise<Row> {
  const deploy = (await creation(token)).at;
  const seen = (await liquidityHistory(pair)).filter((_, i, all) =>
    all.slice(0, i + 1).some((x) => x.native > 0),
  );
  const low = (until: number) => {
    const xs = seen.filter((o) => o.at <= until).map((o) => o.usd);
    return xs.length === 0 ? null : Math.min(...xs);
  };
  const dayLow = low(deploy + DAY * 1000);
  const weekLow = low(deploy + 7 * DAY * 1000);
  const status =
    dayLow !== null && dayLow < 100
      ? "rugged"
      : weekLow !== null && weekLow < 500
        ? "abandoned"
        : graduated
          ? "migrated"
          : "active";
  const head = seen[seen.length - 1]!;
  return {
    address: token,
    createdAt: deploy,
    migrated: graduated,
    isLaunchpad: graduated,
    liquidityNative: String(head.native),
    liquidityUsd: head.native * (await ethUsd(await client.getBlockNumber())),
    status,
  };
}

/** The graduated curve's pair, from its Graduated log. */
async function graduatedPair(): Promise<Address | null> {
  const logs = await client.getLogs({ address: launch.curve, event: graduatedAbi[0], fromBlock: 0n });
  if (logs.length === 0) return null;
  const { args } = decodeEventLog({ abi: graduatedAbi, topics: logs[0]!.topics, data: logs[0]!.data });
  return args.pair.toLowerCase() as Address;
}

const get = async (q: Record<string, string>) => {
  const res = await fetch(`${api.url}/v1/token/dev-tokens?${new URLSearchParams(q)}`);
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Row[];
      meta: { deployer: string | null; truncated: boolean; stats: Record<string, number | string | null> };
    },
  };
};

/** Compares rows, the native and USD figures to 1e-9 relative (decimal and float renderings). */
function expectRows(got: Row[], want: Row[]) {
  expect(got.map((r) => r.address)).toEqual(want.map((r) => r.address));
  got.forEach((g, i) => {
    const w = want[i]!;
    expect({ ...g, liquidityNative: 0, liquidityUsd: 0 }).toMatchObject({
      ...w,
      liquidityNative: 0,
      liquidityUsd: 0,
    });
    expect(Number(g.liquidityNative), JSON.stringify([g, w])).toBeCloseTo(Number(w.liquidityNative), 9);
    expect(Math.abs(g.liquidityUsd - w.liquidityUsd) / w.liquidityUsd).toBeLessThan(1e-6);
  });
}

describe("deployer track record on the devnet", () => {
  it("judges each token by the documented rules on the chain's own reserves, times and logs", async () => {
    const pair = await graduatedPair();
    expect(pair).not.toBeNull();
    const want = [
      await expected(tokens.active.token, tokens.active.pool.address.toLowerCase() as Address, false),
      await expected(launch.token, pair!, true),
      await expected(tokens.abandoned.token, tokens.abandoned.pool.address.toLowerCase() as Address, false),
      await expected(tokens.rugged.token, tokens.rugged.pool.address.toLowerCase() as Address, false),
    ].sort((a, b) => b.createdAt - a.createdAt);
    // the scenario reaches every verdict
    expect(want.map((r) => r.status).sort()).toEqual(["abandoned", "active", "migrated", "rugged"]);
    const { status, body } = await get({ chain, wallet: dev.address });
    expect(status, JSON.stringify(body)).toBe(200);
    expectRows(body.data, want);
    expect(body.meta.deployer).toBe(dev.address.toLowerCase());
    expect(body.meta.truncated).toBe(false);
    const count = (st: string) => want.filter((r) => r.status === st).length;
    const share = (n: number) => n / want.length;
    expect(body.meta.stats).toEqual({
      totalTokens: want.length,
      active: count("active"),
      migrated: count("migrated"),
      rugged: count("rugged"),
      abandoned: count("abandoned"),
      successRatePct: Math.round(share(count("active") + count("migrated")) * 10000) / 100,
      // the documented levels: high at 30 % rugged or 70 % failed, medium at 10 % or 40 %
      riskLevel:
        share(count("rugged")) >= 0.3 || share(count("rugged") + count("abandoned")) >= 0.7
          ? "high"
          : share(count("rugged")) >= 0.1 || share(count("rugged") + count("abandoned")) >= 0.4
            ? "medium"
            : "low",
      firstDeployAt: Math.min(...want.map((r) => r.createdAt)),
      lastDeployAt: Math.max(...want.map((r) => r.createdAt)),
    });
  });

  it("resolves a token's deployer from its creation (a launchpad token: its curve's creator, not the migrating buyer)", async () => {
    const created = await creation(launch.token);
    expect(created.from).toBe(dev.address.toLowerCase());
    const byLaunch = await get({ chain, address: launch.token });
    expect(byLaunch.status).toBe(200);
    expect(byLaunch.body.meta.deployer).toBe(created.from);
    expect(byLaunch.body.meta.deployer).not.toBe(buyer.address.toLowerCase());
    expect(byLaunch.body.data.map((r) => r.address)).not.toContain(launch.token);
    expect(byLaunch.body.meta.stats.totalTokens).toBe(3);
    expect(byLaunch.body.meta.stats.migrated).toBe(0);
    const byRug = await get({ chain, address: tokens.rugged.token });
    expect(byRug.body.meta.deployer).toBe((await creation(tokens.rugged.token)).from);
    expect(byRug.body.data.map((r) => r.address).sort()).toEqual(
      [tokens.active.token, launch.token, tokens.abandoned.token].sort(),
    );
    expect(byRug.body.meta.stats.rugged).toBe(0);
    const bad = await get({ chain, address: "0x12" });
    expect(bad.status).toBe(400);
  });
});
