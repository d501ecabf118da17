import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, decodeEventLog, type Hex, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketEndpoints } from "../../services/api/src/endpoints/market/endpoints.ts";
import { pulseEndpoints } from "../../services/api/src/endpoints/pulse/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import {
  compileLaunchpadContracts,
  createLaunchpadActions,
  type DevnetLaunch,
  type LaunchpadActions,
} from "../../services/ingest/src/devnet/createLaunchpadActions.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import {
  type EvmChainWorker,
  startEvmChainWorker,
} from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { tapelineLaunchpadFactory } from "../../services/ingest/src/evm/launchpadRegistry.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { createPulseQueries } from "../../services/query/src/pulse/createPulseQueries.ts";
import type { QueryProvider } from "../../services/query/src/QueryProvider.ts";
import { type ServedApi, serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * GET /v1/pulse on EVM over the devnet's own bonding-curve launchpad (TapelineLaunchpad.sol):
 * launches are created, traded and one is bought to its end, which migrates it into a Uniswap V2
 * pair; the worker ingests each phase and the pulse views, at the chain's time and at later
 * pinned instants, list exactly what the chain's logs (CurveCreated, CurveSync, Trade,
 * Graduated, read here with viem's ABI decoder) imply, with the same launchpad block as GET /v1/token.
 */

const E18 = 10n ** 18n;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const events = parseAbi([
  "event CurveCreated(address indexed curve, address indexed token, address indexed creator, string uri)",
  "event CurveSync(uint256 virtualToken, uint256 virtualEth, uint256 sold)",
  "event Trade(address indexed trader, bool isBuy, uint256 tokenAmount, uint256 ethAmount)",
  "event Graduated(address indexed pair, uint256 tokenAmount, uint256 ethAmount)",
]);

/** What the chain's logs say about one launch. */
type Truth = {
  curve: string;
  token: string;
  creator: string;
  createdAt: number;
  /** exact percent of the sale supply sold, from the last CurveSync */
  progress: number;
  lastTradeAt: number | null;
  buys: number;
  sells: number;
  graduation: { pair: string; at: number; tokenAmount: bigint; ethAmount: bigint } | null;
};

type Row = {
  address: string;
  pool: { address: string } | null;
  bondingProgress: number | null;
  migrated: boolean;
  createdAt: number | null;
  graduatedAt: number | null;
  buys: number;
  sells: number;
  creator: { address: string } | null;
};

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let api: ServedApi;
let worker: EvmChainWorker;
let lp: LaunchpadActions;
let chain: string;
let clock = 0;
let saleSupply = 0n;
const launches: DevnetLaunch[] = [];
const creators: TxSender[] = [];
let trader: TxSender;

/** Every launch's facts from the launchpad's and the curves' logs, with their blocks' times. */
async function readTruth(): Promise<Map<string, Truth>> {
  const timeOf = new Map<bigint, number>();
  const at = async (block: bigint) => {
    if (!timeOf.has(block))
      timeOf.set(block, Number((await client.getBlock({ blockNumber: block })).timestamp) * 1000);
    return timeOf.get(block)!;
  };
  const out = new Map<string, Truth>();
  const logs = await client.getLogs({
    address: [lp.launchpad, ...launches.map((l) => l.curve)],
    fromBlock: 0n,
    toBlock: "latest",
  });
  for (const log of logs) {
    const ev = decodeEventLog({ abi: events, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    const t = await at(log.blockNumber);
    if (ev.eventName === "CurveCreated") {
      out.set(ev.args.curve.toLowerCase(), {
        curve: ev.args.curve.toLowerCase(),
        token: ev.args.token.toLowerCase(),
        creator: ev.args.creator.toLowerCase(),
        createdAt: t,
        progress: 0,
        lastTradeAt: null,
        buys: 0,
        sells: 0,
        graduation: null,
      });
      continue;
    }
    const truth = out.get(log.address.toLowerCase())!;
    if (ev.eventName === "CurveSync") truth.progress = (Number(ev.args.sold) / Number(saleSupply)) * 100;
    if (ev.eventName === "Trade") {
      truth.lastTradeAt = t;
      if (ev.args.isBuy) truth.buys++;
      else truth.sells++;
    }
    if (ev.eventName === "Graduated")
      truth.graduation = {
        pair: ev.args.pair.toLowerCase(),
        at: t,
        tokenAmount: ev.args.tokenAmount,
        ethAmount: ev.args.ethAmount,
      };
  }
  return out;
}

/** The views the logs imply at `now` (every view's window and order as the spec says). */
function expected(truth: Map<string, Truth>, now: number) {
  const all = [...truth.values()];
  return {
    new: all
      .filter((t) => t.createdAt > now - DAY && t.createdAt <= now)
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((t) => t.token),
    bonding: all
      .filter((t) => !t.graduation && t.progress < 100 && t.lastTradeAt !== null && t.lastTradeAt > now - DAY)
      .sort((a, b) => b.progress - a.progress)
      .map((t) => t.token),
    graduated: all
      .filter((t) => t.graduation && t.graduation.at > now - 7 * DAY && t.graduation.at <= now)
      .sort((a, b) => b.graduation!.at - a.graduation!.at)
      .map((t) => t.token),
  };
}

async function pulse(view: string, at: number): Promise<Row[]> {
  clock = at;
  const res = await fetch(`${api.url}/v1/pulse?view=${view}&chains=${chain}&limit=100`);
  const body = (await res.json()) as { data: Row[] };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/** Ingests up to the chain's head; returns the head block's time (ms). */
async function ingestToHead(): Promise<number> {
  const head = await client.getBlockNumber();
  await waitForCheckpoint(worker, head);
  return Number((await client.getBlock({ blockNumber: head })).timestamp) * 1000;
}

const later = (seconds: number) =>
  client.request({ method: "evm_increaseTime" as never, params: [seconds] as never });

/** Checks the three views at `now` against the logs, each row's facts, and GET /v1/token's launchpad block. */
async function expectViews(now: number): Promise<Record<"new" | "bonding" | "graduated", Row[]>> {
  const truth = await readTruth();
  const byToken = new Map([...truth.values()].map((t) => [t.token, t]));
  const want = expected(truth, now);
  const got = { new: [] as Row[], bonding: [] as Row[], graduated: [] as Row[] };
  for (const view of ["new", "bonding", "graduated"] as const) {
    const rows = await pulse(view, now);
    expect(
      rows.map((r) => r.address),
      `${view} at ${now}`,
    ).toEqual(want[view]);
    for (const r of rows) {
      const t = byToken.get(r.address)!;
      expect(r.createdAt).toBe(t.createdAt);
      expect(r.creator?.address).toBe(t.creator);
      expect(r.migrated).toBe(t.graduation !== null);
      expect(r.graduatedAt).toBe(t.graduation?.at ?? null);
      if (t.graduation) expect(r.bondingProgress).toBe(100);
      else expect(Math.abs((r.bondingProgress as number) - t.progress)).toBeLessThanOrEqual(1e-4);
      if (t.lastTradeAt !== null && t.lastTradeAt > now - DAY)
        expect([r.buys, r.sells]).toEqual([t.buys, t.sells]);
      const res = await fetch(`${api.url}/v1/token?chain=${chain}&address=${r.address}`);
      expect(res.status).toBe(200);
      const token = ((await res.json()) as { data: { launchpad: Record<string, unknown> | null } }).data;
      expect(token.launchpad).toEqual({
        name: "tapeline",
        poolAddress: t.curve,
        bondingProgress: r.bondingProgress,
        graduated: r.migrated,
        graduatedAt: r.graduatedAt,
      });
    }
    got[view] = rows;
  }
  return got;
}

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  chain = `evm:${anvil.chainId}`;
  deployment = await deployUniswap(client);
  const accounts = (await client.request({ method: "eth_accounts" as never })) as unknown as Address[];
  lp = await createLaunchpadActions(deployment, createTxSender(client, client.account.address));
  for (const i of [4, 5, 6]) creators.push(createTxSender(client, accounts[i]!));
  trader = createTxSender(client, accounts[7]!);
  saleSupply = (await client.readContract({
    address: (await lp.create(creators[0]!, "Launch Alpha", "ALPHA", "ipfs://QmLaunchAlpha")).curve,
    abi: compileLaunchpadContracts().launchCurve.abi,
    functionName: "SALE_SUPPLY",
  })) as bigint;
  db = await createTestDatabase();
  const base = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
  const cfg = { ...base, factories: [...base.factories, tapelineLaunchpadFactory(lp.launchpad)] };
  worker = startEvmChainWorker({ cfg, rpc: createRpcClient({ endpoints: cfg.endpoints }), db: db.pool });
  const pinned: QueryProvider = {
    name: "pulse",
    create: ({ pool }) => ({ methods: { ...createPulseQueries({ db: pool, now: () => clock, ttlMs: 0 }) } }),
  };
  api = await serveApi({
    pool: db.pool,
    name: "evm-pulse",
    providers: [createMarketProvider({ now: () => clock, tokenTtlMs: 0 }), pinned],
    endpoints: [pulseEndpoints, marketEndpoints],
  });
}, 240_000);

afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

describe("EVM pulse over the devnet launchpad (anvil)", () => {
  it("launches are listed under new with their creation time and creator, and nowhere else before they trade", async () => {
    // the first launch was made in setup (to read the curve's sale supply)
    const truth = await readTruth();
    launches.push(
      ...[...truth.values()].map((t) => ({ curve: t.curve as Address, token: t.token as Address })),
    );
    for (const [i, name] of ["Bravo", "Charlie"].entries()) {
      await later(60);
      launches.push(
        await lp.create(creators[i + 1]!, `Launch ${name}`, name.toUpperCase(), `ipfs://QmLaunch${name}`),
      );
    }
    const now = await ingestToHead();
    const views = await expectViews(now);
    expect(views.new).toHaveLength(3);
    expect(views.bonding).toHaveLength(0);
    expect(views.graduated).toHaveLength(0);
  });

  it("traded curves move to bonding, ordered by the progress their CurveSync logs report", async () => {
    await later(60);
    const [alpha, bravo] = launches as [DevnetLaunch, DevnetLaunch];
    await lp.buy(trader, alpha, E18 / 2n);
    await lp.buy(trader, bravo, E18);
    const held = (await client.readContract({
      address: bravo.token,
      abi: compileLaunchpadContracts().launchToken.abi,
      functionName: "balanceOf",
      args: [trader.address],
    })) as bigint;
    await lp.sell(trader, bravo, held / 3n);
    await lp.buy(creators[0]!, alpha, E18 / 5n);
    const now = await ingestToHead();
    const views = await expectViews(now);
    expect(views.bonding).toHaveLength(2);
    expect(views.new).toHaveLength(3);
  });

  it("the buy that fills a curve graduates it: out of bonding, into graduated at the Graduated log's time, its V2 pair stored", async () => {
    await later(3600);
    const bravo = launches[1]!;
    await lp.buy(trader, bravo, 10n * E18);
    const now = await ingestToHead();
    const views = await expectViews(now);
    expect(views.graduated.map((r) => r.address)).toEqual([bravo.token]);
    expect(views.bonding.map((r) => r.address)).toEqual([launches[0]!.token]);
    const graduation = (await readTruth()).get(bravo.curve)!.graduation!;
    const pair = await db.pool.query<{
      token0: string;
      reserve0: string;
      reserve1: string;
      venue_type: string;
    }>("select token0, reserve0, reserve1, venue_type from pools where chain_id = $1 and address = $2", [
      chain,
      graduation.pair,
    ]);
    expect(pair.rows).toHaveLength(1);
    const tokenIs0 = pair.rows[0]!.token0 === bravo.token;
    expect(pair.rows[0]!.venue_type).toBe("UNISWAP_V2");
    expect([pair.rows[0]!.reserve0, pair.rows[0]!.reserve1]).toEqual(
      (tokenIs0
        ? [graduation.tokenAmount, graduation.ethAmount]
        : [graduation.ethAmount, graduation.tokenAmount]
      ).map(String),
    );

    // a day on, nothing is new and nothing traded: bonding is empty, the graduation stays 7 days
    const dayOn = await expectViews(now + DAY + 1000);
    expect(dayOn.new).toHaveLength(0);
    expect(dayOn.bonding).toHaveLength(0);
    expect(dayOn.graduated).toHaveLength(1);
    const weekOn = await expectViews(graduation.at + 7 * DAY + 1);
    expect(weekOn.graduated).toHaveLength(0);
  });
});
