import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { type Address, decodeEventLog, keccak256, parseAbi, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletEndpoints } from "../../services/api/src/endpoints/wallet/endpoints.ts";
import {
  createDevnetClient,
  type DevnetClient,
} from "../../services/ingest/src/devnet/createDevnetClient.ts";
import { createTxSender, type TxSender } from "../../services/ingest/src/devnet/createTxSender.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";
import { deployUniswap } from "../../services/ingest/src/devnet/deployUniswap.ts";
import { DEADLINE } from "../../services/ingest/src/devnet/devnetConstants.ts";
import { devnetEvmConfig } from "../../services/ingest/src/devnet/devnetEvmConfig.ts";
import { ensureAllowance } from "../../services/ingest/src/devnet/ensureAllowance.ts";
import { type AnvilHandle, startAnvil } from "../../services/ingest/src/devnet/startAnvil.ts";
import { startEvmChainWorker } from "../../services/ingest/src/evm/createEvmChainWorker.ts";
import { createRpcClient } from "../../services/ingest/src/rpc/createRpcClient.ts";
import { provider as fundingProvider } from "../../services/query/src/funding/provider.ts";
import { serveApi } from "../api/serveApi.ts";
import { waitForCheckpoint } from "./waitForCheckpoint.ts";

/**
 * Wallet funding on the devnet, recorded by the EVM worker for the wallets it sees trade:
 * wallet A is paid 2 ETH by a plain transfer (top-level), wallet B receives the ETH of a
 * token-to-ETH swap made by another account through the V2 router (an internal transfer of the
 * router, found through the node's traces), wallet C's balance is set by the node (no transfer at
 * all); each then buys a token. Expected values come from the chain: the transfer's transaction,
 * the WETH Withdrawal log of the router's swap, the blocks' times.
 */

const withdrawal = parseAbi(["event Withdrawal(address indexed src, uint256 wad)"]);

let anvil: AnvilHandle;
let client: DevnetClient;
let deployment: DevnetDeployment;
let db: TestDatabase;
let api: Awaited<ReturnType<typeof serveApi>>;
let chain: string;
const fresh = (i: number) => createTxSender(client, privateKeyToAccount(keccak256(toHex(`funding-${i}`))));
let a: TxSender;
let b: TxSender;
let c: TxSender;
let toA: { hash: string; at: number };
let toB: { hash: string; at: number; wei: bigint };

beforeAll(async () => {
  anvil = await startAnvil();
  client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  deployment = await deployUniswap(client);
  chain = `evm:${deployment.chainId}`;
  [a, b, c] = [fresh(1), fresh(2), fresh(3)];
  const deployer = createTxSender(client, client.account.address);
  const pepe = deployment.tokens.find((t) => t.symbol === "PEPE")!.address;
  const router = deployment.contracts.uniswapV2Router02;
  const atOf = async (blockNumber: bigint) =>
    Number((await client.getBlock({ blockNumber })).timestamp) * 1000;

  const sent = await client.sendTransaction({
    account: client.account,
    chain: null,
    to: a.address,
    value: parseEther("2"),
  });
  const ra = await client.waitForTransactionReceipt({ hash: sent });
  toA = { hash: sent.toLowerCase(), at: await atOf(ra.blockNumber) };

  const amountIn = (await client.readContract({
    address: pepe,
    abi: deployment.abis.erc20MinterPauser,
    functionName: "balanceOf",
    args: [deployer.address],
  })) as bigint;
  await ensureAllowance(client, deployer, deployment.abis.erc20MinterPauser, pepe, router, amountIn / 100n);
  const rb = await deployer.write(
    {
      address: router,
      abi: deployment.abis.uniswapV2Router02,
      functionName: "swapExactTokensForETH",
      args: [amountIn / 100n, 0n, [pepe, deployment.weth], b.address, DEADLINE],
    },
    "swap to b",
  );
  const wad = rb.logs
    .filter((l) => l.address.toLowerCase() === deployment.weth)
    .flatMap((l) => {
      try {
        return [decodeEventLog({ abi: withdrawal, data: l.data, topics: l.topics }).args.wad];
      } catch {
        return [];
      }
    })[0]!;
  toB = { hash: rb.transactionHash.toLowerCase(), at: await atOf(rb.blockNumber), wei: wad };

  await client.setBalance({ address: c.address, value: parseEther("3") });
  for (const w of [a, b, c]) {
    await w.write(
      {
        address: router,
        abi: deployment.abis.uniswapV2Router02,
        functionName: "swapExactETHForTokens",
        args: [0n, [deployment.weth, pepe], w.address, DEADLINE],
        value: parseEther("0.1"),
      },
      "buy",
    );
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
  api = await serveApi({
    pool: db.pool,
    name: "evm-wallet-funding",
    providers: [fundingProvider],
    endpoints: [walletEndpoints],
  });
}, 600_000);

afterAll(async () => {
  await api?.close();
  await db?.drop();
  await anvil?.stop();
});

const funding = async (wallet: Address) => {
  const res = await fetch(`${api.url}/v1/wallet/funding?${new URLSearchParams({ chain, wallet })}`);
  return { status: res.status, body: (await res.json()) as { data: unknown; error?: { code: string } } };
};

describe("wallet funding on the devnet", () => {
  it("records a top-level transfer's sender, amount, transaction and time", async () => {
    const r = await funding(a.address);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      chain,
      funder: client.account.address.toLowerCase(),
      fundedAt: toA.at,
      txHash: toA.hash,
      amountNative: parseEther("2").toString(),
      funderTag: null,
    });
  });

  it("records an internal transfer from the node's traces: the router paying out a swap's ETH", async () => {
    const r = await funding(b.address);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      chain,
      funder: deployment.contracts.uniswapV2Router02,
      fundedAt: toB.at,
      txHash: toB.hash,
      amountNative: toB.wei.toString(),
      funderTag: null,
    });
  });

  it("knows no funding for a balance no transfer paid (404), nor for a wallet it never saw trade", async () => {
    expect((await funding(c.address)).status).toBe(404);
    expect((await funding(fresh(9).address)).status).toBe(404);
  });
});
