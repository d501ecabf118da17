import { type Address, type TransactionReceipt, zeroAddress } from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import type { DevnetDeployment, DevnetV2Pool } from "./DevnetDeployment.ts";
import { DevnetError } from "./DevnetError.ts";
import { DEADLINE } from "./devnetConstants.ts";
import { ensureAllowance } from "./ensureAllowance.ts";

/** A swap through UniswapV2Router02 along `path` (token addresses; WETH where ETH is paid or received). */
export type V2SwapRequest = {
  path: Address[];
  /** Exact input amount, or the exact output amount when `exactOutput`. */
  amount: bigint;
  exactOutput: boolean;
  /** Most the sender will pay on an exact-output swap. */
  maxIn: bigint;
  /** Pay native ETH instead of WETH (path must start with WETH). */
  nativeIn: boolean;
  /** Receive native ETH instead of WETH (path must end with WETH). */
  nativeOut: boolean;
};

/** Pair creation, liquidity and swaps on the devnet's Uniswap V2, through the real factory and Router02. */
export type UniswapV2Actions = {
  /** Creates the pair through the factory (address read back with `getPair`) and adds its first liquidity. */
  createPool: (
    sender: TxSender,
    req: { tokenA: Address; tokenB: Address; amountA: bigint; amountB: bigint; nativeEth?: boolean },
  ) => Promise<DevnetV2Pool>;
  /** Adds liquidity through the router (`addLiquidityETH` when `nativeEth` and the pair holds WETH). */
  addLiquidity: (
    sender: TxSender,
    pool: DevnetV2Pool,
    amount0: bigint,
    amount1: bigint,
    nativeEth?: boolean,
  ) => Promise<TransactionReceipt>;
  /** Burns `bps`/10000 of the sender's LP tokens; null when it holds none. */
  removeLiquidity: (sender: TxSender, pool: DevnetV2Pool, bps: number) => Promise<TransactionReceipt | null>;
  swap: (sender: TxSender, req: V2SwapRequest) => Promise<TransactionReceipt>;
};

/** Builds the {@link UniswapV2Actions} for a deployment. */
export function createUniswapV2Actions(client: DevnetClient, deployment: DevnetDeployment): UniswapV2Actions {
  const { abis, contracts, weth } = deployment;
  const router = contracts.uniswapV2Router02;
  const erc20 = abis.erc20MinterPauser;

  const write = (sender: TxSender, functionName: string, args: unknown[], what: string, value?: bigint) =>
    sender.write(
      { address: router, abi: abis.uniswapV2Router02, functionName, args, ...(value ? { value } : {}) },
      what,
    );

  async function addLiquidity(
    sender: TxSender,
    pool: DevnetV2Pool,
    amount0: bigint,
    amount1: bigint,
    nativeEth = false,
  ): Promise<TransactionReceipt> {
    const what = `v2 add liquidity ${pool.address}`;
    if (nativeEth && (pool.token0 === weth || pool.token1 === weth)) {
      const [token, amountToken, amountEth] =
        pool.token0 === weth ? [pool.token1, amount1, amount0] : [pool.token0, amount0, amount1];
      await ensureAllowance(client, sender, erc20, token, router, amountToken);
      return write(
        sender,
        "addLiquidityETH",
        [token, amountToken, 0n, 0n, sender.address, DEADLINE],
        what,
        amountEth,
      );
    }
    await ensureAllowance(client, sender, erc20, pool.token0, router, amount0);
    await ensureAllowance(client, sender, erc20, pool.token1, router, amount1);
    return write(
      sender,
      "addLiquidity",
      [pool.token0, pool.token1, amount0, amount1, 0n, 0n, sender.address, DEADLINE],
      what,
    );
  }

  return {
    async createPool(sender, req) {
      const [token0, token1] = req.tokenA < req.tokenB ? [req.tokenA, req.tokenB] : [req.tokenB, req.tokenA];
      const [amount0, amount1] =
        req.tokenA < req.tokenB ? [req.amountA, req.amountB] : [req.amountB, req.amountA];
      const getPair = async () =>
        (
          (await client.readContract({
            address: contracts.uniswapV2Factory,
            abi: abis.uniswapV2Factory,
            functionName: "getPair",
            args: [token0, token1],
          })) as Address
        ).toLowerCase() as Address;
      if ((await getPair()) !== zeroAddress) {
        throw new DevnetError("TX_FAILED", `v2 pair ${token0}/${token1} already exists`);
      }
      const receipt = await sender.write(
        {
          address: contracts.uniswapV2Factory,
          abi: abis.uniswapV2Factory,
          functionName: "createPair",
          args: [token0, token1],
        },
        `v2 create pair ${token0}/${token1}`,
      );
      const address = await getPair();
      const pool: DevnetV2Pool = {
        venue: "UNISWAP_V2",
        id: address,
        address,
        token0,
        token1,
        fee: 3000,
        createdBlock: receipt.blockNumber,
      };
      await addLiquidity(sender, pool, amount0, amount1, req.nativeEth);
      return pool;
    },

    addLiquidity,

    async removeLiquidity(sender, pool, bps) {
      const balance = (await client.readContract({
        address: pool.address,
        abi: abis.uniswapV2Pair,
        functionName: "balanceOf",
        args: [sender.address],
      })) as bigint;
      const liquidity = (balance * BigInt(bps)) / 10_000n;
      if (liquidity === 0n) return null;
      await ensureAllowance(client, sender, abis.uniswapV2Pair, pool.address, router, liquidity);
      return write(
        sender,
        "removeLiquidity",
        [pool.token0, pool.token1, liquidity, 0n, 0n, sender.address, DEADLINE],
        `v2 remove liquidity ${pool.address}`,
      );
    },

    async swap(sender, req) {
      const what = `v2 swap ${req.path.join(">")}`;
      const tokenIn = req.path[0]!;
      const to = sender.address;
      if (req.nativeIn) {
        return req.exactOutput
          ? write(sender, "swapETHForExactTokens", [req.amount, req.path, to, DEADLINE], what, req.maxIn)
          : write(sender, "swapExactETHForTokens", [0n, req.path, to, DEADLINE], what, req.amount);
      }
      await ensureAllowance(client, sender, erc20, tokenIn, router, req.exactOutput ? req.maxIn : req.amount);
      if (req.nativeOut) {
        return req.exactOutput
          ? write(sender, "swapTokensForExactETH", [req.amount, req.maxIn, req.path, to, DEADLINE], what)
          : write(sender, "swapExactTokensForETH", [req.amount, 0n, req.path, to, DEADLINE], what);
      }
      return req.exactOutput
        ? write(sender, "swapTokensForExactTokens", [req.amount, req.maxIn, req.path, to, DEADLINE], what)
        : write(sender, "swapExactTokensForTokens", [req.amount, 0n, req.path, to, DEADLINE], what);
    },
  };
}
