import {
  type ChainId,
  formatUnits,
  TOKEN_TOP_TRADER_TIMEFRAMES,
  TOP_TRADER_SORTS,
  TOP_TRADER_TIMEFRAME_MS,
  TOP_TRADER_TIMEFRAMES,
  type TokenTopTraderTimeframe,
  type TopTraderSort,
} from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, erc20Abi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { traderEndpoints } from "../../services/api/src/endpoints/traders/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import type { QueryProvider } from "../../services/query/src/QueryProvider.ts";
import { createTraderQueries } from "../../services/query/src/traders/createTraderQueries.ts";
import { serveApi } from "../api/serveApi.ts";
import { type ChainSwap, chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Top traders of the devnet's markets equal rankings computed here from the chain's Swap logs:
 * the simulator trades over about 40 days (days apart, then hours, then minutes), the EVM worker
 * ingests, and for every market quoted in WETH or ETH, every timeframe, sort and order, the
 * API's rows equal the wallets' sums of their swaps (maker = the transaction's sender; native
 * value = the WETH/ETH amount of the swap), windows starting at the minute of the chain's
 * clock minus the timeframe; isDev against the token's creator read from the chain. The API's
 * clock is pinned to the chain's head time.
 */

const DAY_S = 86_400;
const MIN = 60_000;
// gaps between chunks of simulator steps: days, then hours, then minutes
const GAPS_S = [
  ...Array.from({ length: 6 }, () => 6 * DAY_S),
  ...Array.from({ length: 5 }, () => 5 * 3600),
  ...Array.from({ length: 6 }, () => 9 * 60),
];
const STEPS_PER_CHUNK = 6;
const NATIVE = "0x0000000000000000000000000000000000000000";

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;
let chain: ChainId;
let now: number;
let markets: { pool: string; decimals: number; deployer: string; swaps: ChainSwap[] }[];
/** every traded token with its swaps across its pools, whatever their quote */
let tokens: { token: string; decimals: number; deployer: string; pools: Set<string>; swaps: ChainSwap[] }[];

/**
 * The sender of the transaction that created `token`, from the chain: the first block holding
 * its code (binary search of eth_getCode), then that block's transaction whose receipt names the
 * token as the created contract, else the block's first transaction (a factory call; the devnet
 * mines one transaction per block).
 */
async function chainDeployer(token: Address, head: bigint): Promise<string> {
  let lo = 0n;
  let hi = head;
  while (lo < hi) {
    const mid = (lo + hi) / 2n;
    const code = await client.getCode({ address: token, blockNumber: mid });
    if (code && code !== "0x") hi = mid;
    else lo = mid + 1n;
  }
  const block = await client.getBlock({ blockNumber: lo, includeTransactions: true });
  for (const tx of block.transactions) {
    const receipt = await client.getTransactionReceipt({ hash: tx.hash });
    if (receipt.contractAddress?.toLowerCase() === token.toLowerCase()) return tx.from.toLowerCase();
  }
  return block.transactions[0]!.from.toLowerCase();
}

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  await client.request({
    method: "evm_setTime",
    params: [Math.floor(Date.now() / 1000) - 45 * DAY_S],
  } as never);
  deployment = await deployUniswap(client);
  chain = `evm:${deployment.chainId}` as ChainId;
  const sim = createMarketSimulator({ client, deployment, seed: 41, wallets: 14 });
  for (const gap of GAPS_S) {
    await client.increaseTime({ seconds: gap });
    await sim.runSimulatorSteps(STEPS_PER_CHUNK);
  }
  const head = await client.getBlockNumber();
  db = await createTestDatabase();
  const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
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
  const headAt = Number((await client.getBlock({ blockNumber: head })).timestamp) * 1000;
  now = headAt + 90_000;
  const traders: QueryProvider = {
    name: "traders",
    create: ({ pool }) => ({ methods: createTraderQueries({ db: pool, now: () => now, ttlMs: 0 }) }),
  };
  api = await serveApi({
    pool: db.pool,
    name: "evm-top-traders",
    providers: [traders],
    endpoints: [traderEndpoints],
  });

  const byPool = new Map<string, ChainSwap[]>();
  const all = await chainSwaps(client, deployment, deployment.startBlock, head);
  const byToken = new Map<string, ChainSwap[]>();
  for (const s of all) byToken.set(s.token, [...(byToken.get(s.token) ?? []), s]);
  for (const s of all) {
    if (s.quote !== deployment.weth && s.quote !== NATIVE) continue;
    byPool.set(s.pool, [...(byPool.get(s.pool) ?? []), s]);
  }
  markets = [];
  for (const [pool, swaps] of byPool) {
    if (new Set(swaps.map((s) => s.from)).size < 2) continue;
    const token = swaps[0]!.token;
    const decimals = await client.readContract({
      address: token as Address,
      abi: erc20Abi,
      functionName: "decimals",
    });
    markets.push({ pool, decimals, deployer: await chainDeployer(token as Address, head), swaps });
  }
  tokens = [];
  for (const [token, swaps] of byToken) {
    // the native coin as a pool's base (ETH/USDC) is no token
    if (token === NATIVE) continue;
    if (new Set(swaps.map((s) => s.from)).size < 2) continue;
    const decimals = await client.readContract({
      address: token as Address,
      abi: erc20Abi,
      functionName: "decimals",
    });
    tokens.push({
      token,
      decimals,
      deployer: await chainDeployer(token as Address, head),
      pools: new Set(swaps.map((s) => s.pool)),
      swaps,
    });
  }
}, 600_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

type Sums = {
  buys: number;
  sells: number;
  bt: bigint;
  st: bigint;
  bn: bigint;
  sn: bigint;
  first: number;
  last: number;
};

/** The ranking of a market's (or a token's) swaps in the window, by the contract's rules. */
function expected(
  m: { swaps: ChainSwap[]; decimals: number },
  timeframe: TokenTopTraderTimeframe,
  sortBy: TopTraderSort,
  order: "asc" | "desc",
) {
  const start = timeframe === "all" ? 0 : Math.floor((now - TOP_TRADER_TIMEFRAME_MS[timeframe]) / MIN) * MIN;
  const by = new Map<string, Sums>();
  for (const s of m.swaps) {
    if (s.atMs < start) continue;
    const a = by.get(s.from) ?? {
      buys: 0,
      sells: 0,
      bt: 0n,
      st: 0n,
      bn: 0n,
      sn: 0n,
      first: s.atMs,
      last: s.atMs,
    };
    if (s.isBuy) {
      a.buys += 1;
      a.bt += s.amountToken;
      a.bn += s.amountQuote;
    } else {
      a.sells += 1;
      a.st += s.amountToken;
      a.sn += s.amountQuote;
    }
    a.first = Math.min(a.first, s.atMs);
    a.last = Math.max(a.last, s.atMs);
    by.set(s.from, a);
  }
  const key = (a: Sums) =>
    sortBy === "pnl"
      ? a.sn - a.bn
      : sortBy === "bought"
        ? a.bn
        : sortBy === "sold"
          ? a.sn
          : BigInt(a.buys + a.sells);
  const rows = [...by.entries()]
    .sort(([wa, a], [wb, b]) => {
      const d = key(a) - key(b);
      if (d !== 0n) return (d < 0n ? -1 : 1) * (order === "asc" ? 1 : -1);
      // ties (and the wallets without a native figure) by wallet, in the order's direction
      return (wa < wb ? -1 : 1) * (order === "asc" ? 1 : -1);
    })
    .map(([address, a], i) => ({
      rank: i + 1,
      address,
      buys: a.buys,
      sells: a.sells,
      boughtTokens: formatUnits(a.bt, m.decimals),
      soldTokens: formatUnits(a.st, m.decimals),
      openTokens: formatUnits(a.bt > a.st ? a.bt - a.st : 0n, m.decimals),
      boughtNative: Number(formatUnits(a.bn, 18)),
      soldNative: Number(formatUnits(a.sn, 18)),
      realizedPnlNative: Number(formatUnits(a.sn - a.bn, 18)),
      firstTradeAt: a.first,
      lastTradeAt: a.last,
    }));
  return { rows, traderCount: by.size };
}

describe("GET /v1/pool/top-traders on the devnet", () => {
  it("equals the ranking of the chain's swaps for every market, timeframe, sort and order", async () => {
    expect(markets.length).toBeGreaterThan(1);
    const counts = new Set<number>();
    let rows = 0;
    for (const m of markets) {
      for (const timeframe of TOP_TRADER_TIMEFRAMES) {
        for (const sortBy of TOP_TRADER_SORTS) {
          for (const order of ["desc", "asc"] as const) {
            const qs = new URLSearchParams({
              chain,
              address: m.pool,
              timeframe,
              sortBy,
              order,
              limit: "100",
            });
            const res = await fetch(`${api.url}/v1/pool/top-traders?${qs}`);
            const body = (await res.json()) as {
              data: Record<string, unknown>[];
              meta: Record<string, unknown>;
            };
            expect(res.status, JSON.stringify(body)).toBe(200);
            const want = expected(m, timeframe, sortBy, order);
            expect(body.meta.traderCount, `${m.pool} ${timeframe}`).toBe(want.traderCount);
            expect(body.meta.usdBasis).toBe("spot");
            const got = body.data.map((r) => ({
              rank: r.rank,
              address: r.address,
              buys: r.buys,
              sells: r.sells,
              boughtTokens: r.boughtTokens,
              soldTokens: r.soldTokens,
              openTokens: r.openTokens,
              boughtNative: r.boughtNative,
              soldNative: r.soldNative,
              realizedPnlNative: r.realizedPnlNative,
              firstTradeAt: r.firstTradeAt,
              lastTradeAt: r.lastTradeAt,
            }));
            expect(got, `${m.pool} ${timeframe} ${sortBy} ${order}`).toEqual(want.rows);
            for (const r of body.data) expect(r.isDev, String(r.address)).toBe(r.address === m.deployer);
            counts.add(want.traderCount);
            rows += got.length;
          }
        }
      }
    }
    // the windows hold different sets of wallets, and the rankings are not empty
    expect(counts.size).toBeGreaterThan(2);
    expect(rows).toBeGreaterThan(200);
  });
});

describe("GET /v1/token/top-traders on the devnet", () => {
  // A token's pools are quoted in WETH, ETH and USDC: the native value of a USDC leg is the
  // ingest's conversion, not a chain fact, so the chain-checked figures are the counts, token
  // amounts and times of each wallet (every sort), and the whole order of sortBy=txns.
  const chainFacts = (r: Record<string, unknown>) => ({
    address: r.address,
    buys: r.buys,
    sells: r.sells,
    boughtTokens: r.boughtTokens,
    soldTokens: r.soldTokens,
    openTokens: r.openTokens,
    firstTradeAt: r.firstTradeAt,
    lastTradeAt: r.lastTradeAt,
  });
  it("sums each token's swaps across its pools for the lifetime and every window", async () => {
    expect(tokens.filter((t) => t.pools.size > 1).length).toBeGreaterThan(1);
    let rows = 0;
    for (const t of tokens) {
      for (const timeframe of TOKEN_TOP_TRADER_TIMEFRAMES) {
        for (const sortBy of TOP_TRADER_SORTS) {
          for (const order of ["desc", "asc"] as const) {
            const qs = new URLSearchParams({
              chain,
              address: t.token,
              timeframe,
              sortBy,
              order,
              limit: "100",
            });
            const res = await fetch(`${api.url}/v1/token/top-traders?${qs}`);
            const body = (await res.json()) as {
              data: Record<string, unknown>[];
              meta: Record<string, unknown>;
            };
            expect(res.status, JSON.stringify(body)).toBe(200);
            const want = expected(t, timeframe, sortBy, order);
            const label = `${t.token} ${timeframe} ${sortBy} ${order}`;
            expect(body.meta.traderCount, label).toBe(want.traderCount);
            for (const p of t.pools) expect(body.meta.pools).toContain(p);
            const byWallet = new Map(want.rows.map((r) => [r.address, chainFacts(r)]));
            expect(body.data.length, label).toBe(want.rows.length);
            for (const r of body.data)
              expect(chainFacts(r), label).toEqual(byWallet.get(r.address as string));
            if (sortBy === "txns") {
              expect(
                body.data.map((r) => r.address),
                label,
              ).toEqual(want.rows.map((r) => r.address));
            }
            for (const r of body.data) {
              expect(r.isDev, String(r.address)).toBe(r.address === t.deployer);
              if (timeframe !== "all") expect(r.positionValueNative).toBeNull();
              else if (r.openTokens === "0") expect(r.positionValueNative).toBe(0);
            }
            rows += body.data.length;
          }
        }
      }
    }
    expect(rows).toBeGreaterThan(100);
  });
});
