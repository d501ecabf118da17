import { getSqrtRatioAtTick, MAX_SQRT_PRICE, MAX_TICK, MIN_SQRT_PRICE, MIN_TICK } from "@tapeline/core";

/**
 * A concentrated-liquidity pool (Uniswap V3 or V4) as a swap walks it: the current price, the
 * in-range liquidity, and the tick bitmap words and tick liquidity deltas loaded so far.
 */
export type ConcentratedPool = {
  sqrtPriceX96: bigint;
  liquidity: bigint;
  tick: number;
  tickSpacing: number;
  /** swap fee in hundredths of a bip (3000 = 0.3%) */
  feePips: number;
  /** tick bitmap words by word position (compressed tick >> 8) */
  words: ReadonlyMap<number, bigint>;
  /** liquidityNet of the initialized ticks of the loaded words */
  liquidityNet: ReadonlyMap<number, bigint>;
};

/** The swap's output, or the bitmap word it needs next (load it and call again). */
export type ConcentratedQuote = { amountOut: bigint; amountInUsed: bigint } | { missingWord: number };

const Q96 = 1n << 96n;
const MAX_UINT160 = (1n << 160n) - 1n;
const MAX_UINT256 = (1n << 256n) - 1n;
const PIPS = 1_000_000n;

const mulDiv = (a: bigint, b: bigint, d: bigint) => (a * b) / d;
const mulDivUp = (a: bigint, b: bigint, d: bigint) => {
  const p = a * b;
  return p / d + (p % d === 0n ? 0n : 1n);
};
const divUp = (a: bigint, b: bigint) => a / b + (a % b === 0n ? 0n : 1n);

function amount0Delta(a: bigint, b: bigint, liquidity: bigint, up: boolean): bigint {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const n1 = liquidity << 96n;
  const n2 = hi - lo;
  return up ? divUp(mulDivUp(n1, n2, hi), lo) : mulDiv(n1, n2, hi) / lo;
}

function amount1Delta(a: bigint, b: bigint, liquidity: bigint, up: boolean): bigint {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  return up ? mulDivUp(liquidity, hi - lo, Q96) : mulDiv(liquidity, hi - lo, Q96);
}

/** SqrtPriceMath.getNextSqrtPriceFromInput, with the contracts' overflow branch. */
function nextSqrtPriceFromInput(
  sqrtP: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  if (amountIn === 0n) return sqrtP;
  if (zeroForOne) {
    const n1 = liquidity << 96n;
    const product = amountIn * sqrtP;
    if (product <= MAX_UINT256) {
      const denominator = n1 + product;
      if (denominator <= MAX_UINT256) return mulDivUp(n1, sqrtP, denominator);
    }
    return divUp(n1, n1 / sqrtP + amountIn);
  }
  const quotient = amountIn <= MAX_UINT160 ? (amountIn << 96n) / liquidity : mulDiv(amountIn, Q96, liquidity);
  return sqrtP + quotient;
}

/** SwapMath.computeSwapStep for an exact input: the price reached, input used, output and fee. */
function swapStep(
  current: bigint,
  target: bigint,
  liquidity: bigint,
  remaining: bigint,
  feePips: bigint,
): { next: bigint; amountIn: bigint; amountOut: bigint; fee: bigint } {
  const zeroForOne = current >= target;
  const lessFee = mulDiv(remaining, PIPS - feePips, PIPS);
  let amountIn = zeroForOne
    ? amount0Delta(target, current, liquidity, true)
    : amount1Delta(current, target, liquidity, true);
  const next = lessFee >= amountIn ? target : nextSqrtPriceFromInput(current, liquidity, lessFee, zeroForOne);
  const reached = next === target;
  if (!reached)
    amountIn = zeroForOne
      ? amount0Delta(next, current, liquidity, true)
      : amount1Delta(current, next, liquidity, true);
  const amountOut = zeroForOne
    ? amount1Delta(next, current, liquidity, false)
    : amount0Delta(current, next, liquidity, false);
  const fee = reached ? mulDivUp(amountIn, feePips, PIPS - feePips) : remaining - amountIn;
  return { next, amountIn, amountOut, fee };
}

const msb = (x: bigint) => x.toString(2).length - 1;
const lsb = (x: bigint) => msb(x & -x);

/** TickBitmap.nextInitializedTickWithinOneWord over the loaded words. */
function nextTick(
  pool: ConcentratedPool,
  tick: number,
  lte: boolean,
): { tick: number; initialized: boolean } | { missingWord: number } {
  const ts = pool.tickSpacing;
  const compressed = Math.floor(tick / ts);
  const at = lte ? compressed : compressed + 1;
  const wordPos = Math.floor(at / 256);
  const bitPos = at - wordPos * 256;
  const word = pool.words.get(wordPos);
  if (word === undefined) return { missingWord: wordPos };
  if (lte) {
    const mask = (1n << BigInt(bitPos)) - 1n + (1n << BigInt(bitPos));
    const masked = word & mask;
    return masked !== 0n
      ? { tick: (compressed - (bitPos - msb(masked))) * ts, initialized: true }
      : { tick: (compressed - bitPos) * ts, initialized: false };
  }
  const masked = word & ~((1n << BigInt(bitPos)) - 1n) & ((1n << 256n) - 1n);
  return masked !== 0n
    ? { tick: (compressed + 1 + (lsb(masked) - bitPos)) * ts, initialized: true }
    : { tick: (compressed + 1 + (255 - bitPos)) * ts, initialized: false };
}

/**
 * The output of swapping `amountIn` into a concentrated-liquidity pool, exactly as the pool's
 * swap computes it (Uniswap V3 `swap`, V4 `Pool.swap` without protocol fee): step by step to
 * each initialized tick or bitmap word boundary, crossing ticks and applying their liquidity
 * deltas, until the input is used up or the price reaches its bound (then `amountInUsed` is
 * less than `amountIn`: the pool cannot take more).
 * @returns the output, or the bitmap word to load before calling again
 */
export function concentratedAmountOut(
  pool: ConcentratedPool,
  amountIn: bigint,
  zeroForOne: boolean,
): ConcentratedQuote {
  const limit = zeroForOne ? MIN_SQRT_PRICE + 1n : MAX_SQRT_PRICE - 1n;
  const feePips = BigInt(pool.feePips);
  let remaining = amountIn;
  let out = 0n;
  let sqrtP = pool.sqrtPriceX96;
  let tick = pool.tick;
  let liquidity = pool.liquidity;
  while (remaining !== 0n && sqrtP !== limit) {
    const step = nextTick(pool, tick, zeroForOne);
    if ("missingWord" in step) return step;
    const tickNext = Math.min(MAX_TICK, Math.max(MIN_TICK, step.tick));
    const sqrtNext = getSqrtRatioAtTick(tickNext);
    const target = (zeroForOne ? sqrtNext < limit : sqrtNext > limit) ? limit : sqrtNext;
    const s = swapStep(sqrtP, target, liquidity, remaining, feePips);
    sqrtP = s.next;
    remaining -= s.amountIn + s.fee;
    out += s.amountOut;
    if (sqrtP === sqrtNext) {
      if (step.initialized) {
        const net = pool.liquidityNet.get(tickNext);
        if (net === undefined)
          return { missingWord: Math.floor(Math.floor(tickNext / pool.tickSpacing) / 256) };
        liquidity += zeroForOne ? -net : net;
      }
      tick = zeroForOne ? tickNext - 1 : tickNext;
    } else break;
  }
  return { amountOut: out, amountInUsed: amountIn - remaining };
}
