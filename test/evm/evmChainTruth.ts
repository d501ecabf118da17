import { formatUnits } from "@tapeline/core";
import { type Address, erc20Abi, type Hex, parseAbiItem } from "viem";
import type { DevnetClient } from "../../services/ingest/src/devnet/createDevnetClient.ts";
import type { DevnetDeployment } from "../../services/ingest/src/devnet/DevnetDeployment.ts";

const v2Swap = parseAbiItem(
  "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
);
const v3Swap = parseAbiItem(
  "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
);
const v4Swap = parseAbiItem(
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
);
const v4Initialize = parseAbiItem(
  "event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)",
);
const v2Pair = [
  parseAbiItem("function token0() view returns (address)"),
  parseAbiItem("function token1() view returns (address)"),
];

const NATIVE = "0x0000000000000000000000000000000000000000";
const abs = (v: bigint) => (v < 0n ? -v : v);

/** A swap as the chain tells it, read with viem (independently of the ingest's decoders). */
export type ChainSwap = {
  id: string;
  txHash: string;
  block: bigint;
  logIndex: number;
  pool: string;
  token: string;
  quote: string;
  amountToken: bigint;
  amountQuote: bigint;
  isBuy: boolean;
  /** whole quote per whole token, truncated to `scale` places */
  priceQuote: (scale: number) => string;
  feesWei: bigint;
  from: string;
  atMs: number;
};

/**
 * Every Uniswap V2, V3 and V4 Swap log of the devnet in [from, to], with the expected trade
 * figures computed from the logs, the receipts, the blocks and the tokens' decimals() — by the
 * quote ranking the ingest documents (USD stablecoin, then native/wrapped native, then token1).
 */
export async function chainSwaps(
  client: DevnetClient,
  deployment: DevnetDeployment,
  from: bigint,
  to: bigint,
): Promise<ChainSwap[]> {
  const decimals = new Map<string, number>([[NATIVE, 18]]);
  const dec = async (a: string) => {
    if (!decimals.has(a)) {
      decimals.set(
        a,
        await client.readContract({ address: a as Address, abi: erc20Abi, functionName: "decimals" }),
      );
    }
    return decimals.get(a)!;
  };
  const rank = (a: string) => (a === deployment.usdc ? 0 : a === deployment.weth || a === NATIVE ? 1 : 2);
  const pairTokens = new Map<string, [string, string]>();
  const tokensOf = async (pool: string) => {
    if (!pairTokens.has(pool)) {
      const [t0, t1] = await Promise.all(
        v2Pair.map((abi) =>
          client.readContract({ address: pool as Address, abi: [abi], functionName: abi.name }),
        ),
      );
      pairTokens.set(pool, [String(t0).toLowerCase(), String(t1).toLowerCase()]);
    }
    return pairTokens.get(pool)!;
  };
  const inits = await client.getLogs({
    address: deployment.contracts.uniswapV4PoolManager,
    event: v4Initialize,
    fromBlock: 0n,
    toBlock: to,
  });
  const v4Keys = new Map(
    inits.map((l) => [
      l.args.id!.toLowerCase(),
      [l.args.currency0!.toLowerCase(), l.args.currency1!.toLowerCase()],
    ]),
  );

  type Raw = {
    pool: string;
    txHash: string;
    block: bigint;
    logIndex: number;
    t0: string;
    t1: string;
    d0: bigint;
    d1: bigint;
  };
  const raws: Raw[] = [];
  for (const l of await client.getLogs({ event: v2Swap, fromBlock: from, toBlock: to })) {
    const [t0, t1] = await tokensOf(l.address.toLowerCase());
    raws.push({
      pool: l.address.toLowerCase(),
      txHash: l.transactionHash!,
      block: l.blockNumber!,
      logIndex: l.logIndex!,
      t0,
      t1,
      d0: l.args.amount0In! - l.args.amount0Out!,
      d1: l.args.amount1In! - l.args.amount1Out!,
    });
  }
  for (const l of await client.getLogs({ event: v3Swap, fromBlock: from, toBlock: to })) {
    const [t0, t1] = await tokensOf(l.address.toLowerCase());
    raws.push({
      pool: l.address.toLowerCase(),
      txHash: l.transactionHash!,
      block: l.blockNumber!,
      logIndex: l.logIndex!,
      t0,
      t1,
      d0: l.args.amount0!,
      d1: l.args.amount1!,
    });
  }
  for (const l of await client.getLogs({
    address: deployment.contracts.uniswapV4PoolManager,
    event: v4Swap,
    fromBlock: from,
    toBlock: to,
  })) {
    const [t0, t1] = v4Keys.get(l.args.id!.toLowerCase())!;
    // V4 reports the swapper's deltas; the pool's are their opposite
    raws.push({
      pool: l.args.id!.toLowerCase(),
      txHash: l.transactionHash!,
      block: l.blockNumber!,
      logIndex: l.logIndex!,
      t0: t0!,
      t1: t1!,
      d0: -l.args.amount0!,
      d1: -l.args.amount1!,
    });
  }
  const out: ChainSwap[] = [];
  const blocks = new Map<bigint, number>();
  for (const r of raws) {
    const receipt = await client.getTransactionReceipt({ hash: r.txHash as Hex });
    if (!blocks.has(r.block))
      blocks.set(r.block, Number((await client.getBlock({ blockNumber: r.block })).timestamp) * 1000);
    const tokenIs0 = rank(r.t0) >= rank(r.t1);
    const token = tokenIs0 ? r.t0 : r.t1;
    const quote = tokenIs0 ? r.t1 : r.t0;
    const dT = tokenIs0 ? r.d0 : r.d1;
    const dQ = tokenIs0 ? r.d1 : r.d0;
    const [decT, decQ] = [await dec(token), await dec(quote)];
    const amountToken = abs(dT);
    const amountQuote = abs(dQ);
    out.push({
      id: `${r.txHash}:${r.logIndex}`,
      txHash: r.txHash,
      block: r.block,
      logIndex: r.logIndex,
      pool: r.pool,
      token,
      quote,
      amountToken,
      amountQuote,
      isBuy: dT < 0n,
      priceQuote: (scale) =>
        formatUnits(
          (amountQuote * 10n ** BigInt(decT) * 10n ** BigInt(scale)) / (amountToken * 10n ** BigInt(decQ)),
          scale,
        ),
      feesWei: receipt.gasUsed * receipt.effectiveGasPrice,
      from: receipt.from.toLowerCase(),
      atMs: blocks.get(r.block)!,
    });
  }
  return out;
}
