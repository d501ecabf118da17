import { getSqrtRatioAtTick, MAX_SQRT_PRICE, MAX_TICK, MIN_SQRT_PRICE, MIN_TICK } from "@tapeline/core";
import {
  type Address,
  concat,
  type Hex,
  keccak256,
  pad,
  parseEventLogs,
  type TransactionReceipt,
} from "viem";
import type { DevnetClient } from "./createDevnetClient.ts";
import type { TxSender } from "./createTxSender.ts";
import type { DevnetDeployment, DevnetV4Pool, V4PoolKey } from "./DevnetDeployment.ts";
import { DevnetError } from "./DevnetError.ts";
import { NATIVE } from "./devnetConstants.ts";
import { encodeSqrtPriceX96 } from "./encodeSqrtPriceX96.ts";
import { ensureAllowance } from "./ensureAllowance.ts";
import { getLiquidityForAmounts } from "./getLiquidityForAmounts.ts";
import { v4PoolId } from "./v4PoolId.ts";

/** Liquidity held by PoolModifyLiquidityTest for one sender: the sender's address is the position salt. */
export type V4Position = { tickLower: number; tickUpper: number; liquidity: bigint; salt: Hex };

/** A swap through v4-core's PoolSwapTest router. */
export type V4SwapRequest = {
  tokenIn: Address;
  /** Exact input amount, or the exact output amount when `exactOutput`. */
  amount: bigint;
  exactOutput: boolean;
  /** Most the sender will pay on an exact-output swap (sent as value when paying native ETH; the router refunds the rest). */
  maxIn: bigint;
};

/** Pool creation, liquidity and swaps on the devnet's Uniswap V4 PoolManager, through v4-core's test routers. */
export type UniswapV4Actions = {
  /** Initializes the pool on the PoolManager at the price amountB/amountA implies and adds full-range liquidity. */
  createPool: (
    sender: TxSender,
    req: {
      tokenA: Address;
      tokenB: Address;
      amountA: bigint;
      amountB: bigint;
      fee: number;
      tickSpacing: number;
    },
  ) => Promise<{ pool: DevnetV4Pool; position: V4Position }>;
  /** Adds the liquidity up to `amount0`/`amount1`: full range, or `widthTicks` either side of the current tick. */
  addLiquidity: (
    sender: TxSender,
    pool: DevnetV4Pool,
    amount0: bigint,
    amount1: bigint,
    widthTicks?: number,
  ) => Promise<V4Position>;
  /** Removes `liquidity` from the sender's position. */
  removeLiquidity: (
    sender: TxSender,
    pool: DevnetV4Pool,
    position: V4Position,
    liquidity: bigint,
  ) => Promise<TransactionReceipt>;
  swap: (sender: TxSender, pool: DevnetV4Pool, req: V4SwapRequest) => Promise<TransactionReceipt>;
  /** The pool's current sqrt price (Q64.96) and tick, read from PoolManager storage. */
  slot0: (pool: DevnetV4Pool) => Promise<{ sqrtPriceX96: bigint; tick: number }>;
};

// PoolManager keeps `mapping(PoolId => Pool.State) pools` at slot 6 (v4-core StateLibrary.POOLS_SLOT).
const POOLS_SLOT = pad("0x06", { size: 32 });

/** Builds the {@link UniswapV4Actions} for a deployment. */
export function createUniswapV4Actions(client: DevnetClient, deployment: DevnetDeployment): UniswapV4Actions {
  const { abis, contracts } = deployment;
  const manager = contracts.uniswapV4PoolManager;
  const liquidityRouter = contracts.uniswapV4PoolModifyLiquidityTest;
  const swapRouter = contracts.uniswapV4PoolSwapTest;
  const erc20 = abis.erc20MinterPauser;

  async function slot0(pool: DevnetV4Pool): Promise<{ sqrtPriceX96: bigint; tick: number }> {
    const word = BigInt(
      (await client.readContract({
        address: manager,
        abi: abis.uniswapV4PoolManager,
        functionName: "extsload",
        args: [keccak256(concat([pool.id, POOLS_SLOT]))],
      })) as Hex,
    );
    const rawTick = Number((word >> 160n) & 0xffffffn);
    return {
      sqrtPriceX96: word & ((1n << 160n) - 1n),
      tick: rawTick >= 0x800000 ? rawTick - 0x1000000 : rawTick,
    };
  }

  async function approveFor(sender: TxSender, currency: Address, spender: Address, amount: bigint) {
    if (currency !== NATIVE) await ensureAllowance(client, sender, erc20, currency, spender, amount);
  }

  async function modify(
    sender: TxSender,
    pool: DevnetV4Pool,
    position: Omit<V4Position, "liquidity">,
    liquidityDelta: bigint,
    value: bigint,
    what: string,
  ): Promise<TransactionReceipt> {
    return sender.write(
      {
        address: liquidityRouter,
        abi: abis.uniswapV4PoolModifyLiquidityTest,
        functionName: "modifyLiquidity",
        args: [
          pool.key,
          {
            tickLower: position.tickLower,
            tickUpper: position.tickUpper,
            liquidityDelta,
            salt: position.salt,
          },
          "0x",
        ],
        ...(value > 0n ? { value } : {}),
      },
      what,
    );
  }

  async function addLiquidity(
    sender: TxSender,
    pool: DevnetV4Pool,
    amount0: bigint,
    amount1: bigint,
    widthTicks?: number,
  ): Promise<V4Position> {
    const spacing = pool.tickSpacing;
    let tickLower = Math.ceil(MIN_TICK / spacing) * spacing;
    let tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
    const { sqrtPriceX96, tick } = await slot0(pool);
    if (widthTicks !== undefined) {
      tickLower = Math.max(tickLower, Math.floor((tick - widthTicks) / spacing) * spacing);
      tickUpper = Math.min(tickUpper, Math.ceil((tick + widthTicks) / spacing) * spacing);
    }
    const liquidity = getLiquidityForAmounts(
      sqrtPriceX96,
      getSqrtRatioAtTick(tickLower),
      getSqrtRatioAtTick(tickUpper),
      amount0,
      amount1,
    );
    if (liquidity === 0n)
      throw new DevnetError("TX_FAILED", `v4 add liquidity ${pool.id}: amounts too small`);
    const position = { tickLower, tickUpper, salt: pad(sender.address, { size: 32 }) };
    await approveFor(sender, pool.token0, liquidityRouter, amount0);
    await approveFor(sender, pool.token1, liquidityRouter, amount1);
    // The pool rounds what it takes up by a unit; the router refunds unused ETH.
    const value = pool.token0 === NATIVE ? amount0 + 1n : 0n;
    await modify(sender, pool, position, liquidity, value, `v4 add liquidity ${pool.id}`);
    return { ...position, liquidity };
  }

  return {
    async createPool(sender, req) {
      const [currency0, currency1] =
        req.tokenA < req.tokenB ? [req.tokenA, req.tokenB] : [req.tokenB, req.tokenA];
      const [amount0, amount1] =
        req.tokenA < req.tokenB ? [req.amountA, req.amountB] : [req.amountB, req.amountA];
      const key: V4PoolKey = {
        currency0,
        currency1,
        fee: req.fee,
        tickSpacing: req.tickSpacing,
        hooks: NATIVE,
      };
      const id = v4PoolId(key);
      const receipt = await sender.write(
        {
          address: manager,
          abi: abis.uniswapV4PoolManager,
          functionName: "initialize",
          args: [key, encodeSqrtPriceX96(amount1, amount0)],
        },
        `v4 initialize ${id}`,
      );
      const [initialized] = parseEventLogs({
        abi: abis.uniswapV4PoolManager,
        logs: receipt.logs,
        eventName: "Initialize",
      }) as unknown as { args: { id: Hex } }[];
      if (initialized?.args.id.toLowerCase() !== id) {
        throw new DevnetError("TX_FAILED", `v4 initialize ${id}: no matching Initialize event`);
      }
      const pool: DevnetV4Pool = {
        venue: "UNISWAP_V4",
        id,
        address: manager,
        token0: currency0,
        token1: currency1,
        fee: req.fee,
        tickSpacing: req.tickSpacing,
        hooks: NATIVE,
        key,
        createdBlock: receipt.blockNumber,
      };
      const position = await addLiquidity(sender, pool, amount0, amount1);
      return { pool, position };
    },

    addLiquidity,

    removeLiquidity(sender, pool, position, liquidity) {
      return modify(sender, pool, position, -liquidity, 0n, `v4 remove liquidity ${pool.id}`);
    },

    async swap(sender, pool, req) {
      const zeroForOne = req.tokenIn === pool.token0;
      const pay = req.exactOutput ? req.maxIn : req.amount;
      await approveFor(sender, req.tokenIn, swapRouter, pay);
      return sender.write(
        {
          address: swapRouter,
          abi: abis.uniswapV4PoolSwapTest,
          functionName: "swap",
          args: [
            pool.key,
            {
              zeroForOne,
              // V4 convention: negative is exact input, positive exact output.
              amountSpecified: req.exactOutput ? req.amount : -req.amount,
              sqrtPriceLimitX96: zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n,
            },
            { takeClaims: false, settleUsingBurn: false },
            "0x",
          ],
          ...(req.tokenIn === NATIVE ? { value: pay } : {}),
        },
        `v4 swap ${pool.id} ${zeroForOne ? "0>1" : "1>0"}`,
      );
    },

    slot0,
  };
}
