/**
 * A dense swap history on the devnet for ingest benchmarks: blocks of `swapsPerBlock` router swap
 * transactions spread over the seed pools of every venue (V2 through Router02, a third of the
 * X/WETH ones on to USDC, two hops; V3 through SwapRouter; V4 through PoolSwapTest, native ETH included),
 * small alternating trades so prices stay near their seeds. Transactions are built by the
 * devnet's own venue actions, sent in JSON-RPC batches of one block each (the node signs for its
 * unlocked deployer, explicit nonces), then mined with `evm_mine`.
 */
import type { Address, Hex, TransactionReceipt } from "viem";
import { encodeFunctionData, parseGwei } from "viem";
import type { DevnetClient } from "../services/ingest/src/devnet/createDevnetClient.ts";
import type { ContractCall, TxSender } from "../services/ingest/src/devnet/createTxSender.ts";
import { createTxSender } from "../services/ingest/src/devnet/createTxSender.ts";
import { createUniswapV2Actions } from "../services/ingest/src/devnet/createUniswapV2Actions.ts";
import { createUniswapV3Actions } from "../services/ingest/src/devnet/createUniswapV3Actions.ts";
import { createUniswapV4Actions } from "../services/ingest/src/devnet/createUniswapV4Actions.ts";
import type { DevnetDeployment } from "../services/ingest/src/devnet/DevnetDeployment.ts";
import { NATIVE } from "../services/ingest/src/devnet/devnetConstants.ts";
import { ensureAllowance } from "../services/ingest/src/devnet/ensureAllowance.ts";
import { tokenAmountForUsd } from "../services/ingest/src/devnet/tokenAmountForUsd.ts";

/** What {@link buildDenseSwapChain} mined. */
export type DenseSwapChain = { fromBlock: bigint; toBlock: bigint; transactions: number; reverted: number };

// Declared gas per swap transaction (a two-hop V2 swap uses ~180k); the block limit is raised to fit.
const TX_GAS = 400_000n;

/**
 * `count` router swap calls over the seed pools of every venue, the `offset`-th first (sides
 * alternate per pool with the index): recorded, not sent. Approvals are mined once before.
 */
export async function recordDenseSwaps(
  client: DevnetClient,
  deployment: DevnetDeployment,
  opts: { count: number; offset?: number },
): Promise<ContractCall[]> {
  const v2 = createUniswapV2Actions(client, deployment);
  const v3 = createUniswapV3Actions(client, deployment);
  const v4 = createUniswapV4Actions(client, deployment);
  const c = deployment.contracts;
  const erc20 = deployment.abis.erc20MinterPauser;
  // Approvals once, mined one by one; swaps after them only record their calls.
  const setup = createTxSender(client, deployment.deployer);
  for (const t of deployment.tokens)
    for (const spender of [c.uniswapV2Router02, c.uniswapV3SwapRouter, c.uniswapV4PoolSwapTest])
      await ensureAllowance(client, setup, erc20, t.address, spender, 1n << 200n);

  const calls: ContractCall[] = [];
  const recorder: TxSender = {
    address: deployment.deployer,
    approvals: setup.approvals,
    write: async (call) => {
      calls.push(call);
      return undefined as unknown as TransactionReceipt;
    },
    writeAll: () => Promise.reject(new Error("not used")),
    deploy: () => Promise.reject(new Error("not used")),
  };
  const tokenBy = new Map(deployment.tokens.map((t) => [t.address, t]));
  const amountOf = (token: Address, usd: number) =>
    token === NATIVE
      ? tokenAmountForUsd(usd, 3000, 18)
      : tokenAmountForUsd(usd, tokenBy.get(token)!.seedPriceUsd, tokenBy.get(token)!.decimals);
  const pools = deployment.pools;
  const offset = opts.offset ?? 0;
  for (let i = offset; i < offset + opts.count; i++) {
    const pool = pools[i % pools.length]!;
    // alternate sides per pool, sizes $50-$850
    const zeroForOne = Math.floor(i / pools.length) % 2 === 0;
    const usd = 50 + ((i * 37) % 800);
    const tokenIn = zeroForOne ? pool.token0 : pool.token1;
    const tokenOut = zeroForOne ? pool.token1 : pool.token0;
    if (pool.venue === "UNISWAP_V2") {
      // a third of the swaps of X/WETH pairs go on to USDC through WETH/USDC: two Swap logs
      const { weth, usdc } = deployment;
      const other = pool.token0 === weth ? pool.token1 : pool.token0;
      const twoHops = i % 3 === 0 && (pool.token0 === weth || pool.token1 === weth) && other !== usdc;
      const path = !twoHops
        ? [tokenIn, tokenOut]
        : tokenIn === weth
          ? [usdc, weth, other]
          : [other, weth, usdc];
      await v2.swap(recorder, {
        path,
        amount: amountOf(path[0]!, usd),
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
        nativeOut: false,
      });
    } else if (pool.venue === "UNISWAP_V3") {
      await v3.swap(recorder, pool, {
        tokenIn,
        amount: amountOf(tokenIn, usd),
        exactOutput: false,
        maxIn: 0n,
        nativeIn: false,
      });
    } else {
      await v4.swap(recorder, pool, {
        tokenIn,
        amount: amountOf(tokenIn, usd),
        exactOutput: false,
        maxIn: 0n,
      });
    }
  }
  return calls;
}

/**
 * Sends `calls` from the node's unlocked `from` with consecutive nonces from `nonce`, in one
 * JSON-RPC batch, without mining them; the block gas limit must hold them. Returns their hashes.
 */
export async function sendSwapCalls(
  rpcUrl: string,
  from: Address,
  calls: readonly ContractCall[],
  nonce: number,
): Promise<Hex[]> {
  const sends = calls.map((call, i): [string, unknown[]] => [
    "eth_sendTransaction",
    [
      {
        from,
        to: call.address,
        data: encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args ?? [] }),
        value: hex(call.value ?? 0n),
        gas: hex(TX_GAS),
        maxFeePerGas: hex(parseGwei("100")),
        maxPriorityFeePerGas: hex(parseGwei("1")),
        nonce: hex(BigInt(nonce + i)),
      },
    ],
  ]);
  return (await rpc(rpcUrl, sends)) as Hex[];
}

/** Raises the node's block gas limit to hold `swapsPerBlock` swap transactions. */
export async function fitSwapsPerBlock(rpcUrl: string, swapsPerBlock: number): Promise<void> {
  await rpc(rpcUrl, [["evm_setBlockGasLimit", [hex(TX_GAS * BigInt(swapsPerBlock + 10))]]]);
}

export async function buildDenseSwapChain(
  client: DevnetClient,
  rpcUrl: string,
  deployment: DevnetDeployment,
  opts: { transactions: number; swapsPerBlock: number },
): Promise<DenseSwapChain> {
  const calls = await recordDenseSwaps(client, deployment, { count: opts.transactions });
  await client.setAutomine(false);
  await fitSwapsPerBlock(rpcUrl, opts.swapsPerBlock);
  let nonce = await client.getTransactionCount({ address: deployment.deployer, blockTag: "pending" });
  const fromBlock = (await client.getBlockNumber()) + 1n;
  const hashes: Hex[] = [];
  for (let start = 0; start < calls.length; start += opts.swapsPerBlock) {
    const block = calls.slice(start, start + opts.swapsPerBlock);
    for (const h of await sendSwapCalls(rpcUrl, deployment.deployer, block, nonce)) hashes.push(h);
    nonce += block.length;
    await client.mine({ blocks: 1 });
  }
  const toBlock = await client.getBlockNumber();
  // every sent transaction must be in the mined range (none left pending for a lack of block gas)
  const pending = await client.getTransactionCount({ address: deployment.deployer, blockTag: "latest" });
  if (pending !== nonce) throw new Error(`${nonce - pending} transactions were not mined`);
  // empty blocks on top, so indexers that only backfill final blocks (Ponder: 30 deep on an
  // unknown chain) see the whole range as final
  await client.mine({ blocks: 100 });
  await client.setAutomine(true);
  let reverted = 0;
  for (let n = fromBlock; n <= toBlock; n++) {
    const [receipts] = (await rpc(rpcUrl, [["eth_getBlockReceipts", [hex(n)]]])) as { status: string }[][];
    reverted += (receipts ?? []).filter((r) => r.status !== "0x1").length;
  }
  return { fromBlock, toBlock, transactions: hashes.length, reverted };
}

const hex = (n: bigint) => `0x${n.toString(16)}`;

/** One JSON-RPC batch (methods viem's anvil client has no action for); results in call order. */
async function rpc(url: string, calls: [string, unknown[]][]): Promise<unknown[]> {
  const body = calls.map(([method, params], id) => ({ jsonrpc: "2.0", id, method, params }));
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as { id: number; result?: unknown; error?: { message: string } }[];
  return out
    .sort((a, b) => a.id - b.id)
    .map((r) => {
      if (r.error) throw new Error(`${calls[r.id]![0]}: ${r.error.message}`);
      return r.result;
    });
}
