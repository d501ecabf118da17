import { formatUnits } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { encodePacked, type Hex, keccak256 } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import {
  createDevnetRouting,
  type DevnetRouting,
} from "../../services/ingest/src/devnet/createDevnetRouting.ts";
import { createMarketSimulator } from "../../services/ingest/src/devnet/createMarketSimulator.ts";
import { createSmartAccountSender } from "../../services/ingest/src/devnet/createSmartAccountSender.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployAccountAbstraction } from "../../services/ingest/src/devnet/deployAccountAbstraction.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { createMarketProvider } from "../../services/query/src/market/createMarketProvider.ts";
import { provider as walletProvider } from "../../services/query/src/wallet/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";
import { chainBalanceChange, chainWalletSwapTxs } from "./walletChainTruth.ts";

type Asset = { tokenAddress: string; decimals: number | null; amount: number | null };
type Leg = {
  poolAddress: string;
  poolType: string;
  sent: { tokenAddress: string; amount: number | null };
  received: { tokenAddress: string; amount: number | null };
};
type SwapRow = { txHash: string; at: number; block: number; sent: Asset[]; received: Asset[]; route: Leg[] };
type Page = { data: SwapRow[]; meta: { hasMore: boolean; nextCursor: string | null; usdBasis: string } };

const NATIVE = "0x0000000000000000000000000000000000000000";

/**
 * EVM wallet swaps over HTTP from a devnet market: the simulator's wallets trade (V2 two-hop
 * routes, native ETH paid and received through the routers' wraps, V3, V4 native pools), and so
 * does an ERC-4337 SimpleAccount whose user operations a bundler EOA sends to EntryPoint v0.7;
 * the worker ingests the chain, and each wallet's served swaps are compared with the chain itself:
 * which transactions it swapped in, and its balance change of every asset its routes touched.
 */
describe("EVM wallet swaps on anvil against the wallets' balances", () => {
  let anvil: AnvilHandle;
  let client: DevnetClient;
  let deployment: DevnetDeployment;
  let db: TestDatabase;
  let url: string;
  let close: () => Promise<void>;
  let chain: string;
  let truth: Map<string, Set<string>>;
  let routing: DevnetRouting;
  let bundler: TxSender;
  let smartAccount: string;
  let bundlerPage: Page;
  const history = new Map<string, SwapRow[]>();

  const get = async (path: string, query: Record<string, string | number>): Promise<Page> => {
    const res = await fetch(
      `${url}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Page;
  };

  beforeAll(async () => {
    anvil = await startAnvil();
    client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
    deployment = await deployUniswap(client);
    const deployer = createTxSender(client, client.account.address);
    routing = await createDevnetRouting(client, deployment, deployer);
    const key = (role: string) => keccak256(encodePacked(["string", "string"], ["tapeline-devnet-aa", role]));
    bundler = createTxSender(client, privateKeyToAccount(key("bundler")));
    await client.setBalance({ address: bundler.address, value: 10n ** 21n });
    const account = await createSmartAccountSender(client, await deployAccountAbstraction(client, deployer), {
      owner: privateKeyToAccount(key("owner")),
      bundler,
      funder: deployer,
    });
    smartAccount = account.address;
    const sim = createMarketSimulator({
      client,
      deployment,
      seed: 11,
      wallets: 5,
      routing,
      smartAccounts: [account],
    });
    const stats = await sim.runSimulatorSteps(70);
    expect(stats.routed).toBeGreaterThan(8);
    db = await createTestDatabase();
    const cfg = devnetEvmConfig(deployment, [{ url: anvil.rpcUrl }]);
    chain = cfg.chain;
    const head = await client.getBlockNumber();
    const worker = startEvmChainWorker({
      cfg,
      rpc: createRpcClient({ endpoints: cfg.endpoints }),
      db: db.pool,
    });
    await waitForCheckpoint(worker, head);
    await worker.stop();
    truth = await chainWalletSwapTxs(client, deployment, deployment.startBlock, head);
    const api = await serveApi({
      pool: db.pool,
      name: "evm-wallet-swaps",
      providers: [createMarketProvider(), walletProvider],
      endpoints: [walletEndpoints],
    });
    url = api.url;
    close = api.close;
    for (const wallet of sim.wallets) {
      const page = await get("/v1/wallet/swaps", { chain, wallet, limit: 100 });
      expect(page.meta.hasMore).toBe(false);
      expect(page.meta.usdBasis).toBe("spot");
      history.set(wallet, page.data);
    }
    bundlerPage = await get("/v1/wallet/swaps", { chain, wallet: bundler.address, limit: 100 });
  }, 240_000);

  afterAll(async () => {
    await close?.();
    await db?.drop();
    await anvil?.stop();
  });

  it("serves each wallet exactly the transactions in which the chain shows it swapping", () => {
    let swaps = 0;
    for (const [wallet, rows] of history) {
      const served = new Set(rows.map((r) => r.txHash));
      expect(served.size).toBe(rows.length);
      expect(served, wallet).toEqual(truth.get(wallet) ?? new Set());
      swaps += rows.length;
    }
    expect(swaps).toBeGreaterThan(20);
  });

  it("serves a smart account the swaps its user operations made, which a bundler sent, and the bundler none", async () => {
    const rows = history.get(smartAccount) ?? [];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      const receipt = await client.getTransactionReceipt({ hash: row.txHash as Hex });
      expect(receipt.from.toLowerCase()).toBe(bundler.address);
    }
    expect(rows.some((r) => r.route.length > 1)).toBe(true);
    expect(bundlerPage.data).toEqual([]);
    // wallet trades: the account's events cover exactly its swap transactions; the bundler has none
    const trades = async (wallet: string) => {
      const res = await fetch(`${url}/v1/wallet/trades?chain=${chain}&wallet=${wallet}&limit=100`);
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { txHash: string }[] }).data;
    };
    const own = await trades(smartAccount);
    expect(own.length).toBeLessThan(100);
    expect(new Set(own.map((t) => t.txHash))).toEqual(new Set(rows.map((r) => r.txHash)));
    expect(await trades(bundler.address)).toEqual([]);
    expect(truth.get(bundler.address)).toBeUndefined();
  });

  it("serves sent and received equal to the wallet's balance changes of every asset its route touched", async () => {
    const decimals = new Map<string, number | null>();
    let native = 0;
    for (const [wallet, rows] of history) {
      for (const row of rows) {
        const block = await client.getBlock({ blockNumber: BigInt(row.block) });
        expect(block.transactions).toEqual([row.txHash as Hex]);
        const key = (a: string) => (a === NATIVE ? deployment.weth : a);
        const served = new Map<string, number | null>();
        for (const a of row.sent) served.set(key(a.tokenAddress), -(a.amount ?? Number.NaN));
        for (const a of row.received) served.set(key(a.tokenAddress), a.amount);
        for (const a of [...row.sent, ...row.received]) decimals.set(key(a.tokenAddress), a.decimals);
        const touched = new Set(
          row.route.flatMap((l) => [key(l.sent.tokenAddress), key(l.received.tokenAddress)]),
        );
        for (const token of touched) {
          const change = await chainBalanceChange(client, deployment, wallet, row.txHash, token);
          const d = decimals.get(token) ?? 18;
          expect(served.get(token) ?? 0, `${row.txHash} ${token}`).toBe(Number(formatUnits(change, d)));
        }
        // largest first on both sides
        for (const side of [row.sent, row.received]) {
          const amounts = side.map((a) => a.amount ?? -1);
          expect(amounts).toEqual([...amounts].sort((x, y) => y - x));
        }
        if (touched.has(deployment.weth)) native++;
      }
    }
    expect(native).toBeGreaterThan(5);
  });

  it("serves the router's V2 → V3 → V4 routes as one swap with its legs in order and only the route's ends", () => {
    const rows = [...history.values()].flat().filter((r) => r.route.length === 3);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const types = row.route.map((l) => l.poolType);
      expect([
        ["UNISWAP_V2", "UNISWAP_V3", "UNISWAP_V4"],
        ["UNISWAP_V4", "UNISWAP_V3", "UNISWAP_V2"],
      ]).toContainEqual(types);
      row.route.slice(1).forEach((l, i) => {
        const prev = row.route[i]!.received.tokenAddress;
        const same =
          prev === l.sent.tokenAddress ||
          [prev, l.sent.tokenAddress].every((a) => a === NATIVE || a === deployment.weth);
        expect(same, row.txHash).toBe(true);
      });
      expect(row.sent.map((a) => a.tokenAddress)).toEqual([row.route[0]!.sent.tokenAddress]);
      expect(row.received.map((a) => a.tokenAddress)).toEqual([row.route[2]!.received.tokenAddress]);
    }
  });

  it("serves a fee-on-transfer token at what the wallet's balance moved, not at what the pool got", () => {
    const rows = [...history.values()]
      .flat()
      .filter((r) => r.sent.some((a) => a.tokenAddress === routing.feeToken));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const sent = row.sent.find((a) => a.tokenAddress === routing.feeToken)!.amount!;
      const intoPool = row.route[0]!.sent.amount!;
      // 3% on the way to the router, 3% again on the way to the pair
      expect(intoPool / sent).toBeCloseTo(0.97 * 0.97, 6);
    }
  });

  it("walks every wallet with limit 1..7 and cursors, under from/to/beforeAt, skipping and repeating nothing", async () => {
    for (const [wallet, all] of history) {
      const ats = [...new Set(all.map((r) => r.at))];
      const mid = ats[Math.floor(ats.length / 2)] ?? 0;
      const bounds: Record<string, number>[] = [
        {},
        { from: mid },
        { to: mid },
        { beforeAt: mid },
        { from: ats.at(-1) ?? 0, to: mid },
        // fromAt equal to beforeAt is an empty range, refused with 400 (a wallet whose swaps share one time)
        ...((ats.at(-1) ?? 0) < mid ? [{ fromAt: ats.at(-1) ?? 0, beforeAt: mid }] : []),
      ];
      for (const bound of bounds) {
        const want = all.filter(
          (r) =>
            (bound.from === undefined || r.at >= bound.from) &&
            (bound.fromAt === undefined || r.at >= bound.fromAt) &&
            (bound.to === undefined || r.at <= bound.to) &&
            (bound.beforeAt === undefined || r.at < bound.beforeAt),
        );
        for (let limit = 1; limit <= 7; limit++) {
          const seen: string[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages <= all.length + 1; pages++) {
            const page: Page = await get("/v1/wallet/swaps", {
              chain,
              wallet,
              limit,
              ...bound,
              ...(cursor ? { cursor } : {}),
            });
            expect(page.data.length).toBeLessThanOrEqual(limit);
            seen.push(...page.data.map((r) => r.txHash));
            cursor = page.meta.nextCursor;
            if (!page.meta.hasMore) break;
          }
          expect(seen, `${wallet} ${JSON.stringify(bound)} limit ${limit}`).toEqual(
            want.map((r) => r.txHash),
          );
        }
      }
    }
  });
});
