import { MAX_TICK, MIN_TICK } from "@tapeline/core";
import { type Address, encodeFunctionData, parseEventLogs, type TransactionReceipt } from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import type { DevnetDeployment, DevnetV3Pool } from "./DevnetDeployment.ts";
import { DevnetError } from "./DevnetError.ts";
import { DEADLINE } from "./devnetConstants.ts";
import { encodeSqrtPriceX96 } from "./encodeSqrtPriceX96.ts";
import { ensureAllowance } from "./ensureAllowance.ts";

/** A liquidity position minted through the NonfungiblePositionManager. */
export type V3Position = { tokenId: bigint; liquidity: bigint };

/** A single-pool swap through the v3-periphery SwapRouter. */
export type V3SwapRequest = {
  tokenIn: Address;
  /** Exact input amount, or the exact output amount when `exactOutput`. */
  amount: bigint;
  exactOutput: boolean;
  /** Most the sender will pay on an exact-output swap. */
  maxIn: bigint;
  /** Pay native ETH, which the router wraps (exact input from WETH only). */
  nativeIn: boolean;
};

/** Pool creation, positions and swaps on the devnet's Uniswap V3, through the real periphery contracts. */
export type UniswapV3Actions = {
  /**
   * Creates and initializes the pool through `createAndInitializePoolIfNecessary` at the price
   * amountB/amountA implies, then mints a full-range position with those amounts.
   */
  createPool: (
    sender: TxSender,
    req: { tokenA: Address; tokenB: Address; amountA: bigint; amountB: bigint; fee: number },
  ) => Promise<{ pool: DevnetV3Pool; position: V3Position }>;
  /**
   * Mints a position with up to `amount0`/`amount1`: full range, or `widthTicks` either side of the
   * current tick.
   */
  addLiquidity: (
    sender: TxSender,
    pool: DevnetV3Pool,
    amount0: bigint,
    amount1: bigint,
    widthTicks?: number,
  ) => Promise<V3Position>;
  /** Removes `liquidity` from a position and collects the tokens, in one multicall. */
  removeLiquidity: (sender: TxSender, position: V3Position, liquidity: bigint) => Promise<TransactionReceipt>;
  swap: (sender: TxSender, pool: DevnetV3Pool, req: V3SwapRequest) => Promise<TransactionReceipt>;
};

const MAX_UINT128 = (1n << 128n) - 1n;

/** Builds the {@link UniswapV3Actions} for a deployment. */
export function createUniswapV3Actions(client: DevnetClient, deployment: DevnetDeployment): UniswapV3Actions {
  const { abis, contracts } = deployment;
  const npm = contracts.uniswapV3PositionManager;
  const erc20 = abis.erc20MinterPauser;

  async function currentTick(pool: DevnetV3Pool): Promise<number> {
    const slot0 = (await client.readContract({
      address: pool.address,
      abi: abis.uniswapV3Pool,
      functionName: "slot0",
    })) as readonly [bigint, number];
    return slot0[1];
  }

  async function addLiquidity(
    sender: TxSender,
    pool: DevnetV3Pool,
    amount0: bigint,
    amount1: bigint,
    widthTicks?: number,
  ): Promise<V3Position> {
    const spacing = pool.tickSpacing;
    let tickLower = Math.ceil(MIN_TICK / spacing) * spacing;
    let tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
    if (widthTicks !== undefined) {
      const tick = await currentTick(pool);
      tickLower = Math.max(tickLower, Math.floor((tick - widthTicks) / spacing) * spacing);
      tickUpper = Math.min(tickUpper, Math.ceil((tick + widthTicks) / spacing) * spacing);
    }
    await ensureAllowance(client, sender, erc20, pool.token0, npm, amount0);
    await ensureAllowance(client, sender, erc20, pool.token1, npm, amount1);
    const receipt = await sender.write(
      {
        address: npm,
        abi: abis.uniswapV3PositionManager,
        functionName: "mint",
        args: [
          {
            token0: pool.token0,
            token1: pool.token1,
            fee: pool.fee,
            tickLower,
            tickUpper,
            amount0Desired: amount0,
            amount1Desired: amount1,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: sender.address,
            deadline: DEADLINE,
          },
        ],
      },
      `v3 mint ${pool.address}`,
    );
    const [minted] = parseEventLogs({
      abi: abis.uniswapV3PositionManager,
      logs: receipt.logs.filter((log) => log.address.toLowerCase() === npm),
      eventName: "IncreaseLiquidity",
    }) as unknown as { args: { tokenId: bigint; liquidity: bigint } }[];
    if (!minted) throw new DevnetError("TX_FAILED", `v3 mint ${pool.address}: no IncreaseLiquidity event`);
    return { tokenId: minted.args.tokenId, liquidity: minted.args.liquidity };
  }

  return {
    async createPool(sender, req) {
      const [token0, token1] = req.tokenA < req.tokenB ? [req.tokenA, req.tokenB] : [req.tokenB, req.tokenA];
      const [amount0, amount1] =
        req.tokenA < req.tokenB ? [req.amountA, req.amountB] : [req.amountB, req.amountA];
      const tickSpacing = Number(
        await client.readContract({
          address: contracts.uniswapV3Factory,
          abi: abis.uniswapV3Factory,
          functionName: "feeAmountTickSpacing",
          args: [req.fee],
        }),
      );
      if (tickSpacing === 0) throw new DevnetError("TX_FAILED", `v3 fee ${req.fee} is not enabled`);
      const receipt = await sender.write(
        {
          address: npm,
          abi: abis.uniswapV3PositionManager,
          functionName: "createAndInitializePoolIfNecessary",
          args: [token0, token1, req.fee, encodeSqrtPriceX96(amount1, amount0)],
        },
        `v3 create pool ${token0}/${token1}/${req.fee}`,
      );
      const address = (
        (await client.readContract({
          address: contracts.uniswapV3Factory,
          abi: abis.uniswapV3Factory,
          functionName: "getPool",
          args: [token0, token1, req.fee],
        })) as Address
      ).toLowerCase() as Address;
      const pool: DevnetV3Pool = {
        venue: "UNISWAP_V3",
        id: address,
        address,
        token0,
        token1,
        fee: req.fee,
        tickSpacing,
        createdBlock: receipt.blockNumber,
      };
      const position = await addLiquidity(sender, pool, amount0, amount1);
      return { pool, position };
    },

    addLiquidity,

    removeLiquidity(sender, position, liquidity) {
      const abi = abis.uniswapV3PositionManager;
      const calls = [
        encodeFunctionData({
          abi,
          functionName: "decreaseLiquidity",
          args: [
            { tokenId: position.tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE },
          ],
        }),
        encodeFunctionData({
          abi,
          functionName: "collect",
          args: [
            {
              tokenId: position.tokenId,
              recipient: sender.address,
              amount0Max: MAX_UINT128,
              amount1Max: MAX_UINT128,
            },
          ],
        }),
      ];
      return sender.write(
        { address: npm, abi, functionName: "multicall", args: [calls] },
        `v3 remove liquidity #${position.tokenId}`,
      );
    },

    async swap(sender, pool, req) {
      const router = contracts.uniswapV3SwapRouter;
      const tokenOut = req.tokenIn === pool.token0 ? pool.token1 : pool.token0;
      const what = `v3 swap ${pool.address} ${req.tokenIn}>${tokenOut}`;
      const common = {
        tokenIn: req.tokenIn,
        tokenOut,
        fee: pool.fee,
        recipient: sender.address,
        deadline: DEADLINE,
      };
      if (req.exactOutput) {
        await ensureAllowance(client, sender, erc20, req.tokenIn, router, req.maxIn);
        return sender.write(
          {
            address: router,
            abi: abis.uniswapV3SwapRouter,
            functionName: "exactOutputSingle",
            args: [{ ...common, amountOut: req.amount, amountInMaximum: req.maxIn, sqrtPriceLimitX96: 0n }],
          },
          what,
        );
      }
      if (!req.nativeIn) await ensureAllowance(client, sender, erc20, req.tokenIn, router, req.amount);
      return sender.write(
        {
          address: router,
          abi: abis.uniswapV3SwapRouter,
          functionName: "exactInputSingle",
          args: [{ ...common, amountIn: req.amount, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n }],
          ...(req.nativeIn ? { value: req.amount } : {}),
        },
        what,
      );
    },
  };
}
