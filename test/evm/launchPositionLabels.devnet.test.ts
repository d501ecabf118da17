import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, keccak256, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import { createUniswapV2Actions } from "../../services/ingest/src/devnet/createUniswapV2Actions.ts";
import type { DevnetDeployment, DevnetV2Pool } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployDevnetToken } from "../../services/ingest/src/devnet/deployDevnetToken.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { loadDevnetArtifacts } from "../../services/ingest/src/devnet/loadDevnetArtifacts.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { chainNodeOf, createPortfolioProvider } from "../../services/query/src/portfolio/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { type ChainSwap, chainSwaps } from "./evmChainTruth.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Position labels of a launch on the devnet: a deployer launches a token against WETH on
 * Uniswap V2, five funded wallets buy in one block (a bundle), a sniper buys in the next and two
 * wallets paid by one funder right after (bundlers by their shared first funder), a whale
 * buys 250 ETH of it an hour later and a late wallet buys after that. The EVM worker ingests;
 * each wallet's position on the token is asked over HTTP (holdings from the node), and its labels
 * must be those the documented rules give on the chain's own facts: the token's creating
 * transaction's sender (`dev`), the Swap logs' senders, blocks and times against the pair's
 * creation block (`sniper`: within 5 s of the first swap or blocks 0-3; `bundler`: one of at
 * least 4 buyers of the first swap's block, or an early buyer sharing its first funder, the
 * funding transfers' sender, with another), 30-day native volume × the stored ETH/USD rate
 * (`whale`: at least 500,000 USD).
 */

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;
let chain: string;
let token: Address;
let pool: DevnetV2Pool;
let poolCreatedBlock: bigint;
let dev: TxSender;
let wallets: TxSender[];
let swaps: ChainSwap[];

const keyOf = (i: number) => keccak256(toHex(`launch-labels-${i}`));
/** the two early buyers paid by one funder (indices in `wallets`) */
const FUNDED = [8, 9];
let fundingTxs: string[];
const wallet = (i: number) => createTxSender(client, privateKeyToAccount(keyOf(i)));

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  deployment = await deployUniswap(client);
  chain = `evm:${deployment.chainId}`;
  dev = wallet(0);
  wallets = Array.from({ length: 10 }, (_, i) => wallet(i + 1));
  for (const w of [dev, ...wallets.filter((_, i) => !FUNDED.includes(i))])
    await client.setBalance({ address: w.address, value: parseEther("10000") });
  // one funder pays two wallets by plain transfers: their first funding
  const funder = privateKeyToAccount(keyOf(99));
  await client.setBalance({ address: funder.address, value: parseEther("100") });
  fundingTxs = [];
  for (const i of FUNDED) {
    const hash = await client.sendTransaction({
      account: funder,
      chain: null,
      to: wallets[i]!.address,
      value: parseEther("5"),
    });
    await client.waitForTransactionReceipt({ hash });
    fundingTxs.push(hash);
  }
  const v2 = createUniswapV2Actions(client, deployment);
  const t = await deployDevnetToken(dev, loadDevnetArtifacts(), {
    name: "Launch Token",
    symbol: "LNCH",
    decimals: 18,
    supply: parseEther("2000000"),
    seedPriceUsd: 1,
  });
  token = t.address;
  pool = await v2.createPool(dev, {
    tokenA: token,
    tokenB: deployment.weth,
    amountA: parseEther("1000000"),
    amountB: parseEther("1000"),
    nativeEth: true,
  });
  poolCreatedBlock = pool.createdBlock;
  const buy = (w: TxSender, eth: string) =>
    v2.swap(w, {
      path: [deployment.weth, token],
      amount: parseEther(eth),
      exactOutput: false,
      maxIn: 0n,
      nativeIn: true,
      nativeOut: false,
    });
  // the bundle: five buys mined in one block
  await client.setAutomine(false);
  const bundle = wallets.slice(0, 5).map((w, i) => buy(w, String(1 + i)));
  for (let n = 0; n < 200; n++) {
    const pending = await client.request({ method: "txpool_status" } as never as { method: "txpool_status" });
    if (Number((pending as { pending: string }).pending) >= 5) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await client.mine({ blocks: 1 });
  await Promise.all(bundle);
  await client.setAutomine(true);
  // a sniper in the next block and the two funded wallets right after, then the others past the windows
  await buy(wallets[5]!, "2");
  for (const i of FUNDED) await buy(wallets[i]!, "1");
  await client.increaseTime({ seconds: 3600 });
  await client.mine({ blocks: 5 });
  await buy(wallets[6]!, "250");
  await buy(wallets[7]!, "0.5");
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
  api = await serveApi({
    pool: db.pool,
    name: "launch-position-labels",
    providers: [
      createPortfolioProvider({
        nodes: new Map([
          [chain as never, chainNodeOf(chain as never, { url: anvil.rpcUrl, multicall3: null })],
        ]),
        holdingsTtlMs: 0,
      }),
    ],
    endpoints: [walletEndpoints],
  });
  swaps = (await chainSwaps(client, deployment, poolCreatedBlock, head)).filter(
    (s) => s.pool === pool.address,
  );
}, 600_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

/** The sender of the transaction whose receipt created the token. */
async function chainDeployer(): Promise<string> {
  for (let b = poolCreatedBlock; b >= 0n; b--) {
    const block = await client.getBlock({ blockNumber: b, includeTransactions: true });
    for (const tx of block.transactions) {
      const r = await client.getTransactionReceipt({ hash: tx.hash });
      if (r.contractAddress?.toLowerCase() === token) return tx.from.toLowerCase();
    }
  }
  throw new Error("token creation not found");
}

describe("position labels of a devnet launch", () => {
  it("label the deployer, the bundle, the sniper and the whale by the documented rules", async () => {
    const deployer = await chainDeployer();
    const { rows } = await db.pool.query<{ price_usd: string }>(
      "select price_usd from native_prices where chain_id = $1 order by minute desc limit 1",
      [chain],
    );
    const spotUsd = Number(rows[0]!.price_usd);
    const ordered = [...swaps].sort((a, b) => Number(a.block - b.block) || a.logIndex - b.logIndex);
    const first = ordered[0]!;
    const buys = ordered.filter((s) => s.isBuy && s.from !== deployer);
    const snipers = new Set(
      buys.filter((s) => s.atMs <= first.atMs + 5000 || s.block <= poolCreatedBlock + 3n).map((s) => s.from),
    );
    const launchBuyers = new Set(buys.filter((s) => s.block === first.block).map((s) => s.from));
    const bundlers = launchBuyers.size >= 4 ? launchBuyers : new Set<string>();
    // early buyers sharing a first funder: the sender of the first transfer paying each
    const funderOf = new Map<string, string>();
    for (const hash of fundingTxs) {
      const tx = await client.getTransaction({ hash: hash as `0x${string}` });
      funderOf.set(tx.to!.toLowerCase(), tx.from.toLowerCase());
    }
    const byFunder = new Map<string, string[]>();
    for (const w of snipers) {
      const f = funderOf.get(w);
      if (f) byFunder.set(f, [...(byFunder.get(f) ?? []), w]);
    }
    for (const group of byFunder.values()) if (group.length >= 2) for (const w of group) bundlers.add(w);
    const now = Date.now();
    const labelled = new Set<string>();
    for (const w of [deployer, ...wallets.map((x) => x.address as string)]) {
      const volumeNative = swaps
        .filter((s) => s.from === w && s.atMs >= now - 30 * 86_400_000)
        .reduce((a, s) => a + Number(s.amountQuote) / 1e18, 0);
      const want = [
        ...(w === deployer ? ["dev"] : []),
        ...(snipers.has(w) ? ["sniper"] : []),
        ...(bundlers.has(w) ? ["bundler"] : []),
        ...(volumeNative * spotUsd >= 500_000 ? ["whale"] : []),
      ];
      const qs = new URLSearchParams({ chain, wallet: w, tokens: token, minValueUsd: "0" });
      const res = await fetch(`${api.url}/v1/wallet/positions?${qs}`);
      const body = (await res.json()) as { data: { address: string; labels: string[] }[] };
      expect(res.status, JSON.stringify(body)).toBe(200);
      const row = body.data.find((r) => r.address === token);
      expect(row, w).toBeDefined();
      expect(row!.labels, w).toEqual(want);
      for (const l of want) labelled.add(l);
    }
    // every label of the launch is exercised, and some wallets carry none
    expect([...labelled].sort()).toEqual(["bundler", "dev", "sniper", "whale"]);
    expect(bundlers.size).toBe(7);
    for (const i of FUNDED) expect(bundlers.has(wallets[i]!.address)).toBe(true);
  });
});
