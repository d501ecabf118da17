import { type ChainId, formatUnits, type PoolRecord, type TradeRecord } from "@tapeline/core";
import type { DexEvent } from "./decoders/DexEvent.ts";
import { NATIVE_ADDRESS } from "./EvmChainConfig.ts";
import type { EvmMarketState, EvmPool } from "./EvmMarketState.ts";
import { curveBondingProgress } from "./launchpadRegistry.ts";
import {
  bounded,
  compare,
  inv,
  mul,
  ONE,
  priceFromReserves,
  priceFromSqrtX96,
  type Rational,
  ratio,
  toDecimal,
  wholeTimes,
} from "./rational.ts";
import { type MakerReceipt, resolveMaker } from "./resolveMaker.ts";

/** A block header as the pipeline keeps it (`timestamp` in seconds). */
export type EvmHeader = {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: number;
  /** transactions in the block, when the node said */
  txCount?: number;
};

/** The receipt fields the pipeline reads. `l1Fee` is the OP-stack L1 data fee (null elsewhere). */
export type EvmReceipt = MakerReceipt & {
  transactionHash: string;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
  l1Fee: bigint | null;
};

export type ApplyContext = {
  chain: ChainId;
  wrappedNative: string;
  stablecoins: readonly string[];
  relayers: ReadonlySet<string>;
  nativeDecimals: number;
};

export type ApplyResult = {
  trades: TradeRecord[];
  /** markets whose state changed */
  touched: Set<string>;
  /** USD per native coin at the end of each minute the events cover (minute start ms → price) */
  nativePrices: Map<number, { price: Rational; source: string }>;
};

const isNativeLike = (a: string, ctx: ApplyContext) => a === NATIVE_ADDRESS || a === ctx.wrappedNative;

/** Price of one whole token in whole quote units from the pool's current state. */
export function spotPrice(pool: EvmPool, dec0: number | null, dec1: number | null): Rational | null {
  if (dec0 === null || dec1 === null) return null;
  let p0in1: Rational | null = null;
  if (
    pool.sqrtPriceX96 !== null &&
    pool.sqrtPriceX96 > 0n &&
    pool.venueType !== "UNISWAP_V2" &&
    pool.venueType !== "AERODROME_V2"
  ) {
    p0in1 = priceFromSqrtX96(pool.sqrtPriceX96, dec0, dec1);
  } else if (pool.reserve0 !== null && pool.reserve1 !== null && pool.reserve0 > 0n) {
    p0in1 = priceFromReserves(pool.reserve0, pool.reserve1, dec0, dec1);
  }
  if (p0in1 === null) return null;
  return pool.tokenIsToken0 ? p0in1 : inv(p0in1);
}

/** Native value of one whole unit of `asset`, as currently known. */
export function nativeValue(asset: string, state: EvmMarketState, ctx: ApplyContext): Rational | null {
  if (isNativeLike(asset, ctx)) return ONE;
  if (ctx.stablecoins.includes(asset)) return state.nativeUsd ? bounded(inv(state.nativeUsd.price)!) : null;
  return state.tokenNative.get(asset)?.price ?? null;
}

function sides(pool: EvmPool) {
  return pool.tokenIsToken0
    ? { token: pool.token0, quote: pool.token1, resT: pool.reserve0, resQ: pool.reserve1 }
    : { token: pool.token1, quote: pool.token0, resT: pool.reserve1, resQ: pool.reserve0 };
}

/**
 * The pool's derived figures from its state: spot price in quote, in native, and the native
 * value of its reserves (null where reserves are unknown, e.g. V4 pools sharing the manager's).
 */
export function poolFigures(pool: EvmPool, state: EvmMarketState, ctx: ApplyContext) {
  const dec = (a: string) => state.tokens.get(a)?.decimals ?? null;
  const spot = spotPrice(pool, dec(pool.token0), dec(pool.token1));
  const s = sides(pool);
  let quoteNative = nativeValue(s.quote, state, ctx);
  // A native/stable pool values its own quote by its own price, so its depth never depends on another pool.
  if (isNativeLike(s.token, ctx) && ctx.stablecoins.includes(s.quote) && spot) quoteNative = inv(spot);
  const dT = dec(s.token);
  const dQ = dec(s.quote);
  let liquidityNative: Rational | null = null;
  if (spot && quoteNative && s.resT !== null && s.resQ !== null && dT !== null && dQ !== null) {
    const quoteSide = wholeTimes(s.resQ, dQ, ONE);
    const tokenSide = wholeTimes(s.resT, dT, spot);
    const total = {
      num: quoteSide.num * tokenSide.den + tokenSide.num * quoteSide.den,
      den: quoteSide.den * tokenSide.den,
    };
    liquidityNative = mul(total, quoteNative);
  }
  const priceNative = isNativeLike(s.token, ctx) ? ONE : spot && quoteNative ? mul(spot, quoteNative) : null;
  return { spot, priceNative, liquidityNative, token: s.token, quote: s.quote };
}

/** Re-derives the native/USD and token/native prices the pool sources, if it is the deepest. */
export function refreshDerivedPrices(pool: EvmPool, state: EvmMarketState, ctx: ApplyContext): void {
  const f = poolFigures(pool, state, ctx);
  pool.liquidityNative = f.liquidityNative;
  if (!f.spot) return;
  const deeper = (cur: { depth: Rational | null; market: string } | null | undefined) =>
    !cur ||
    cur.market === pool.market ||
    cur.depth === null ||
    (f.liquidityNative !== null && compare(f.liquidityNative, cur.depth) >= 0);
  if (isNativeLike(f.token, ctx) && ctx.stablecoins.includes(f.quote)) {
    if (deeper(state.nativeUsd))
      state.nativeUsd = { price: bounded(f.spot), depth: f.liquidityNative, market: pool.market };
    return;
  }
  if (f.priceNative && !isNativeLike(f.token, ctx) && !ctx.stablecoins.includes(f.token)) {
    if (deeper(state.tokenNative.get(f.token))) {
      state.tokenNative.set(f.token, {
        price: bounded(f.priceNative),
        depth: f.liquidityNative,
        market: pool.market,
      });
    }
  }
}

function feesNative(receipt: EvmReceipt | undefined, decimals: number): string | null {
  if (!receipt) return null;
  return formatUnits(receipt.gasUsed * receipt.effectiveGasPrice + (receipt.l1Fee ?? 0n), decimals);
}

/**
 * Applies decoded events (sorted by block and log index, pools already registered in `state`)
 * to the market state and builds one trade per swap: amounts gross from the pool's balance
 * changes, side from the token's point of view (the pool paid out the token: a buy), execution
 * price in quote and native, native volume, the transaction's fee, and the maker
 * ({@link resolveMaker}). Pool state (reserves, sqrtPriceX96, tick, active liquidity) follows
 * Sync, Swap, Initialize and in-range liquidity changes.
 */
export function applyDexEvents(
  events: readonly DexEvent[],
  headers: ReadonlyMap<bigint, EvmHeader>,
  receipts: ReadonlyMap<string, EvmReceipt>,
  state: EvmMarketState,
  ctx: ApplyContext,
): ApplyResult {
  const trades: TradeRecord[] = [];
  const touched = new Set<string>();
  const nativePrices = new Map<number, { price: Rational; source: string }>();
  let lastBlock: bigint | null = null;
  // Derived prices (native/USD, token/native) are refreshed once per pool per block, at the
  // block's end: a trade is valued at the prices the previous block left.
  const dirty = new Set<EvmPool>();
  const flush = () => {
    for (const p of dirty) refreshDerivedPrices(p, state, ctx);
    dirty.clear();
  };
  const notePrice = (block: bigint | null) => {
    if (block === null || !state.nativeUsd) return;
    const h = headers.get(block);
    if (!h) return;
    const minute = Math.floor(h.timestamp / 60) * 60_000;
    nativePrices.set(minute, {
      price: state.nativeUsd.price,
      source: `pool:${state.nativeUsd.market.split("/")[1]}`,
    });
  };

  for (const ev of events) {
    if (ev.block !== lastBlock) {
      flush();
      notePrice(lastBlock);
      lastBlock = ev.block;
    }
    if (ev.kind === "poolCreated") continue;
    const pool = state.pools.get(`${ctx.chain}/${ev.pool}`);
    if (!pool) continue;
    if (ev.kind === "initialize") {
      pool.sqrtPriceX96 = ev.sqrtPriceX96;
      pool.tick = ev.tick;
    } else if (ev.kind === "sync") {
      pool.reserve0 = ev.reserve0;
      pool.reserve1 = ev.reserve1;
    } else if (ev.kind === "curve") {
      pool.reserve0 = ev.reserve0;
      pool.reserve1 = ev.reserve1;
      if (pool.curve) pool.curve.progress = curveBondingProgress(ev.sold, pool.curve.launchpad);
    } else if (ev.kind === "graduate") {
      const header = headers.get(ev.block);
      if (pool.curve) {
        pool.curve.migrated = true;
        pool.curve.progress = 100;
        pool.curve.graduatedAt = header ? header.timestamp * 1000 : null;
      }
    } else if (ev.kind === "liquidity") {
      if (
        ev.liquidityDelta !== null &&
        pool.tick !== null &&
        ev.tickLower !== null &&
        ev.tickUpper !== null
      ) {
        if (pool.liquidity !== null && ev.tickLower <= pool.tick && pool.tick < ev.tickUpper) {
          pool.liquidity += ev.liquidityDelta;
        }
      }
      // V3 mints pay tokens in at once (burns only credit the position until collected).
      if (ev.venueType !== "UNISWAP_V4" && ev.liquidityDelta !== null && ev.liquidityDelta > 0n) {
        if (pool.reserve0 !== null && ev.amount0 !== null) pool.reserve0 += ev.amount0;
        if (pool.reserve1 !== null && ev.amount1 !== null) pool.reserve1 += ev.amount1;
      }
    } else if (ev.kind === "swap") {
      if (ev.sqrtPriceX96 !== null) {
        pool.sqrtPriceX96 = ev.sqrtPriceX96;
        pool.liquidity = ev.liquidity;
        pool.tick = ev.tick;
        if (ev.venueType !== "UNISWAP_V4") {
          if (pool.reserve0 !== null) pool.reserve0 += ev.amount0;
          if (pool.reserve1 !== null) pool.reserve1 += ev.amount1;
        }
      }
      const s = sides(pool);
      const header = headers.get(ev.block);
      const receipt = receipts.get(ev.txHash);
      const dT = state.tokens.get(s.token)?.decimals ?? null;
      const dQ = state.tokens.get(s.quote)?.decimals ?? null;
      const deltaT = pool.tokenIsToken0 ? ev.amount0 : ev.amount1;
      const deltaQ = pool.tokenIsToken0 ? ev.amount1 : ev.amount0;
      const amountToken = deltaT < 0n ? -deltaT : deltaT;
      const amountQuote = deltaQ < 0n ? -deltaQ : deltaQ;
      const priceQuote =
        dT !== null && dQ !== null
          ? ratio(amountQuote * 10n ** BigInt(dT), amountToken * 10n ** BigInt(dQ))
          : null;
      const quoteNative = nativeValue(s.quote, state, ctx);
      let priceNative: Rational | null = null;
      let volumeNative: Rational | null = null;
      if (isNativeLike(s.token, ctx) && dT !== null) {
        priceNative = ONE;
        volumeNative = wholeTimes(amountToken, dT, ONE);
      } else if (quoteNative && dQ !== null) {
        priceNative = priceQuote ? mul(priceQuote, quoteNative) : null;
        volumeNative = wholeTimes(amountQuote, dQ, quoteNative);
      }
      if (header) {
        trades.push({
          chain: ctx.chain,
          pool: pool.address,
          id: `${ev.txHash}:${ev.logIndex}`,
          txHash: ev.txHash,
          block: ev.block,
          logIndex: ev.logIndex,
          at: header.timestamp * 1000,
          maker: receipt
            ? resolveMaker({
                receipt,
                swapLogIndex: ev.logIndex,
                recipient: ev.recipient,
                token: s.token,
                relayers: ctx.relayers,
                isPool: (a) => state.pools.has(`${ctx.chain}/${a}`),
              })
            : ev.sender,
          isBuy: deltaT < 0n,
          tokenAddress: s.token,
          quoteAddress: s.quote,
          amountToken,
          amountQuote,
          priceQuote: toDecimal(priceQuote),
          priceNative: toDecimal(priceNative),
          volumeNative: toDecimal(volumeNative),
          feesNative: feesNative(receipt, ctx.nativeDecimals),
          isWash: null,
          preconfirmed: false,
          router: receipt?.to ? { programId: receipt.to.toLowerCase(), name: null } : null,
        });
      }
    }
    pool.updatedBlock = ev.block;
    touched.add(pool.market);
    dirty.add(pool);
  }
  flush();
  notePrice(lastBlock);
  return { trades, touched, nativePrices };
}

/** The writer's record of a pool's current state. */
export function toPoolRecord(pool: EvmPool, state: EvmMarketState, ctx: ApplyContext): PoolRecord {
  const f = poolFigures(pool, state, ctx);
  return {
    chain: ctx.chain,
    address: pool.address,
    venueType: pool.venueType,
    factory: pool.factory,
    exchangeName: pool.exchangeName,
    feeBps: pool.feeBps,
    token0: pool.token0,
    token1: pool.token1,
    tokenAddress: f.token,
    quoteAddress: f.quote,
    reserve0: pool.reserve0,
    reserve1: pool.reserve1,
    liquidity: pool.liquidity,
    sqrtPriceX96: pool.sqrtPriceX96,
    tick: pool.tick,
    priceQuote: toDecimal(f.spot),
    priceNative: toDecimal(f.priceNative),
    liquidityNative: toDecimal(f.liquidityNative),
    createdAt: pool.createdAt,
    createdBlock: pool.createdBlock,
    updatedBlock: pool.updatedBlock,
    ...(pool.curve && {
      launchpad: pool.curve.launchpad.name,
      isLaunchpad: true,
      bondingProgress: pool.curve.progress,
      // unknown (a curve reloaded from the store) leaves the stored flag and time as they are
      migrated: pool.curve.migrated ? true : undefined,
      graduatedAt: pool.curve.graduatedAt,
      creator: pool.curve.creator,
    }),
  };
}
