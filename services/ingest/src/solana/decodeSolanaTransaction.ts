import {
  divToDecimal,
  formatUnits,
  type PoolRecord,
  parseUnits,
  priceFromRaw,
  SOLANA_NATIVE_MINT,
  type TokenRecord,
  type TradeRecord,
  type WalletSwapRecord,
} from "@tapeline/core";
import { buildSolanaWalletSwaps, type MakerLeg } from "../wallet/buildSolanaWalletSwaps.ts";
import { chooseBaseQuote } from "./chooseBaseQuote.ts";
import { createSolanaVenueRegistry, type SolanaVenueRegistry } from "./createSolanaVenueRegistry.ts";
import { detectGenericSwaps } from "./generic/detectGenericSwaps.ts";
import { mergeSolanaTokenFacts } from "./mergeSolanaTokenFacts.ts";
import { mintDecimals } from "./mintDecimals.ts";
import { type NormalizeContext, normalizeSolanaTransaction } from "./normalizeSolanaTransaction.ts";
import {
  createSolanaProgramRegistry,
  type SolanaProgramRegistry,
} from "./programs/createSolanaProgramRegistry.ts";
import { SolanaDecodeError } from "./SolanaDecodeError.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { SolanaLaunchpadEvent, SwapLeg, VenueOutput } from "./SolanaVenue.ts";
import { INFRASTRUCTURE_PROGRAMS, SOLANA_USD_STABLECOINS } from "./solanaPrograms.ts";
import { tokenAccount } from "./tokenAccount.ts";
import { transactionFeeLamports } from "./transactionFeeLamports.ts";

export type DecodeSolanaOptions = NormalizeContext & {
  registry?: SolanaVenueRegistry;
  /** named venues and routers (`programs.json` and configuration) */
  programs?: SolanaProgramRegistry;
  /** unix ms for rows of a transaction with no block time and no event time */
  fallbackAtMs?: number | null;
  /** SOL/USD (decimal string) at a unix ms, for trades quoted in a USD stablecoin */
  solUsdAt?: (atMs: number) => string | null;
};

/** A trade price of SOL in USD seen in a SOL/USD-stablecoin pool, with the pool's depth. */
export type SolUsdObservation = {
  at: number;
  priceUsd: string;
  pool: string;
  venueType: string;
  /** the pool's stablecoin reserve after the trade (raw), null when unknown */
  depthQuote: bigint | null;
};

export type SolanaDecodeResult = {
  signature: string;
  slot: bigint | null;
  failed: boolean;
  trades: TradeRecord[];
  /** the transaction's swaps seen from each maker */
  walletSwaps: WalletSwapRecord[];
  pools: PoolRecord[];
  tokens: TokenRecord[];
  launchpadEvents: SolanaLaunchpadEvent[];
  solUsd: SolUsdObservation[];
  /** swaps read by the generic detector (programs without a venue decoder), in execution order */
  genericLegs: SwapLeg[];
  /** programs invoked that are neither venues, routers nor infrastructure (skipped) */
  unknownPrograms: string[];
  /** venue decoders that threw on this transaction (the instruction was skipped) */
  decoderErrors: { programId: string; path: string; message: string }[];
  /** legs dropped because no time is known for the transaction */
  untimedLegs: number;
  /** base + priority fee + tips, lamports */
  feeLamports: bigint;
  /** why the input could not be read as a transaction (e.g. meta without message), else null */
  undecodable: string | null;
  /** the normalized transaction, null when undecodable */
  tx: SolanaTransaction | null;
};

function emptyResult(tx: SolanaTransaction | null): SolanaDecodeResult {
  return {
    signature: tx?.signature ?? "",
    slot: tx?.slot ?? null,
    failed: tx ? tx.err !== null : false,
    trades: [],
    walletSwaps: [],
    pools: [],
    tokens: [],
    launchpadEvents: [],
    solUsd: [],
    genericLegs: [],
    unknownPrograms: [],
    decoderErrors: [],
    untimedLegs: 0,
    feeLamports: 0n,
    undecodable: null,
    tx,
  };
}

const STABLES = new Set(SOLANA_USD_STABLECOINS);
const NO_DECIMALS: ReadonlyMap<string, number> = new Map();
const SCALE = 18;
const POWERS: bigint[] = [];
/** 10^n, kept: every row scales by the same few powers */
const TEN = (n: number): bigint => {
  POWERS[n] ??= 10n ** BigInt(n);
  return POWERS[n];
};

/** The signer a leg was made for (a transaction has one signer or a few: a scan, not a set). */
function resolveMaker(tx: SolanaTransaction, leg: SwapLeg): string {
  const signers = tx.signers;
  if (leg.trader && signers.includes(leg.trader)) return leg.trader;
  for (const acct of leg.counterparties) {
    const owner = tokenAccount(tx, acct)?.owner;
    if (owner && signers.includes(owner)) return owner;
  }
  return tx.signers[0] ?? "";
}

function routerOf(
  tx: SolanaTransaction,
  leg: SwapLeg,
  programs: SolanaProgramRegistry,
): TradeRecord["router"] {
  // the leg's top-level instruction: the nearest one at or before it (inner ones follow their top)
  const ixs = tx.instructions;
  let top: SolanaTransaction["instructions"][number] | undefined;
  for (let j = leg.flatIndex; j >= 0; j--) {
    if (ixs[j]!.inner === -1) {
      top = ixs[j];
      break;
    }
  }
  if (!top || top.programId === leg.programId || INFRASTRUCTURE_PROGRAMS.has(top.programId)) return null;
  return { programId: top.programId, name: programs.get(top.programId)?.name ?? null };
}

type Row = {
  leg: SwapLeg;
  /** every leg aggregated into the row, with its maker */
  legs: SwapLeg[];
  maker: string;
  isBuy: boolean;
  base: string;
  quote: string;
  amountToken: bigint;
  amountQuote: bigint;
  at: number;
};

/**
 * Decodes one Solana transaction (getTransaction / getBlock entry, any encoding) into market
 * trade rows, pool and token facts and launchpad events. Pure.
 *
 * - A failed transaction (`meta.err`) yields nothing. An instruction of a program that is not a
 *   registered venue, a known router or infrastructure is listed in `unknownPrograms`; its swaps
 *   (and those of named programs without a decoder) come from the generic detector
 *   (`generic/README.md`).
 * - Amounts are the pool's own numbers: vault transfers, or the venue's event for pools that
 *   hold lamports (pump.fun). Never estimated.
 * - Legs are aggregated per pool, side and maker: one row per transaction, pool and side for a
 *   trader (`id` = `<signature>:<first leg's instruction path>:<buy|sell>`).
 * - `maker` is the signer the swap was made for: the venue's trader when it signed, else the
 *   signer owning the leg's user-side token account, else the fee payer.
 * - `router` is the top-level program that carried the swap when it is not the venue itself.
 * - `feesNative` is the transaction's fee (base + priority) plus validator tips, in SOL.
 * - `isWash` (rule): true when the same transaction both buys and sells the base token in the
 *   same pool. Every signer of an atomic transaction agreed to all of it, so a round trip inside
 *   one pool moves no inventory between independent traders; arbitrage across pools is not wash.
 * - Prices: on SOL-quoted pools `priceNative` is the trade price; on pools quoted in a USD
 *   stablecoin it is the trade price divided by SOL/USD at the trade's minute (`solUsdAt`),
 *   null while that price is unknown. Other quotes: null.
 */
export function decodeSolanaTransaction(input: unknown, opts: DecodeSolanaOptions = {}): SolanaDecodeResult {
  let tx: SolanaTransaction;
  try {
    tx = isNormalized(input) ? input : normalizeSolanaTransaction(input, opts);
  } catch (err) {
    if (err instanceof SolanaDecodeError) return { ...emptyResult(null), undecodable: err.message };
    throw err;
  }
  const fees = transactionFeeLamports(tx);
  const result = emptyResult(tx);
  result.feeLamports = fees.total;
  if (result.failed) return result;

  const registry = opts.registry ?? defaultRegistry();
  const programs = opts.programs ?? defaultPrograms();
  const out: VenueOutput = { legs: [], pools: [], tokens: [], launchpadEvents: [] };
  // most transactions invoke no unknown program: no set for them
  const unknown: string[] = [];
  for (let i = 0; i < tx.instructions.length; i++) {
    const ix = tx.instructions[i]!;
    const venue = registry.byProgram(ix.programId);
    if (venue) {
      try {
        venue.decode(tx, i, out);
      } catch (err) {
        result.decoderErrors.push({ programId: ix.programId, path: ix.path, message: String(err) });
      }
    } else if (!INFRASTRUCTURE_PROGRAMS.has(ix.programId) && !programs.get(ix.programId)) {
      if (!unknown.includes(ix.programId)) unknown.push(ix.programId);
    }
  }
  // programs without a decoder: swaps read from their asset movements, in execution order with the others
  const generic = detectGenericSwaps(tx, programs, (p) => registry.byProgram(p) !== undefined, out.legs);
  if (generic.length > 0) {
    result.genericLegs = generic;
    out.legs.push(...generic);
    out.legs.sort((a, b) => a.flatIndex - b.flatIndex);
  }
  result.unknownPrograms = unknown;
  result.launchpadEvents = out.launchpadEvents;

  // most transactions of a block carry no swap: skip what only rows need
  const hasLegs = out.legs.length > 0;
  const decimals = hasLegs ? mintDecimals(tx) : NO_DECIMALS;
  const feesNative = hasLegs ? formatUnits(fees.total, 9) : "";
  // a transaction has a few rows: found by a scan, without building and hashing a key per leg
  const rows: Row[] = [];
  /** each timed leg with its row, in execution order */
  const legRows: { leg: SwapLeg; row: Row }[] = [];
  let swapAt: number | null = null;
  for (const leg of out.legs) {
    const at = tx.blockTime !== null ? tx.blockTime * 1000 : (leg.eventAt ?? opts.fallbackAtMs ?? null);
    if (at === null) {
      result.untimedLegs++;
      continue;
    }
    const { base, quote } = chooseBaseQuote(leg.token0, leg.token1);
    const isBuy = leg.mintOut === base;
    const maker = resolveMaker(tx, leg);
    let prev: Row | undefined;
    for (const r of rows)
      if (r.leg.pool === leg.pool && r.isBuy === isBuy && r.maker === maker) {
        prev = r;
        break;
      }
    const amountToken = isBuy ? leg.amountOut : leg.amountIn;
    const amountQuote = isBuy ? leg.amountIn : leg.amountOut;
    swapAt ??= at;
    if (prev) {
      prev.amountToken += amountToken;
      prev.amountQuote += amountQuote;
      prev.legs.push(leg);
      legRows.push({ leg, row: prev });
    } else {
      const row: Row = { leg, legs: [leg], maker, isBuy, base, quote, amountToken, amountQuote, at };
      rows.push(row);
      legRows.push({ leg, row });
    }
  }

  const lastLegOfPool = new Map<string, SwapLeg>();
  for (const leg of out.legs) lastLegOfPool.set(leg.pool, leg);

  for (const r of rows) {
    const dT = decimals.get(r.base);
    const dQ = decimals.get(r.quote);
    const priceQuote =
      dT !== undefined && dQ !== undefined ? priceFromRaw(r.amountToken, dT, r.amountQuote, dQ) : null;
    let priceNative: string | null = null;
    let volumeNative: string | null = null;
    if (r.quote === SOLANA_NATIVE_MINT) {
      priceNative = priceQuote;
      volumeNative = formatUnits(r.amountQuote, 9);
    } else if (r.base === SOLANA_NATIVE_MINT) {
      priceNative = "1";
      volumeNative = formatUnits(r.amountToken, 9);
      if (STABLES.has(r.quote) && priceQuote !== null) {
        const reserves = reserveOf(lastLegOfPool.get(r.leg.pool)!, r.quote);
        result.solUsd.push({
          at: r.at,
          priceUsd: priceQuote,
          pool: r.leg.pool,
          venueType: r.leg.venueType,
          depthQuote: reserves,
        });
      }
    } else if (STABLES.has(r.quote) && dT !== undefined && dQ !== undefined) {
      const solUsd = opts.solUsdAt?.(r.at) ?? null;
      if (solUsd !== null) {
        const usd = parseUnits(solUsd, SCALE);
        priceNative = divToDecimal(r.amountQuote * TEN(dT) * TEN(SCALE), r.amountToken * TEN(dQ) * usd);
        volumeNative = divToDecimal(r.amountQuote * TEN(SCALE), TEN(dQ) * usd);
      }
    }
    const ix = tx.instructions[r.leg.flatIndex]!;
    const side = r.isBuy ? "buy" : "sell";
    result.trades.push({
      chain: "solana",
      pool: r.leg.pool,
      id: `${tx.signature}:${r.leg.path}:${side}`,
      txHash: tx.signature,
      block: tx.slot ?? 0n,
      logIndex: ix.top * 10_000 + ix.inner + 1,
      at: r.at,
      maker: r.maker,
      isBuy: r.isBuy,
      tokenAddress: r.base,
      quoteAddress: r.quote,
      amountToken: r.amountToken,
      amountQuote: r.amountQuote,
      priceQuote,
      priceNative,
      volumeNative,
      feesNative,
      isWash: rows.some((o) => o.leg.pool === r.leg.pool && o.isBuy !== r.isBuy),
      preconfirmed: false,
      router: routerOf(tx, r.leg, programs),
    });
  }

  if (swapAt !== null) {
    const makerLegs: MakerLeg[] = [];
    for (const { leg, row } of legRows) {
      // one trade per row, in the rows' order
      const trade = result.trades[rows.indexOf(row)]!;
      makerLegs.push({
        leg,
        maker: row.maker,
        router: routerOf(tx, leg, programs),
        volumeNative: legVolume(leg, row, trade),
      });
    }
    result.walletSwaps = buildSolanaWalletSwaps(tx, makerLegs, swapAt, feesNative, fees.total);
  }

  result.pools = out.pools;
  for (const leg of lastLegOfPool.values()) result.pools.push(poolOfLeg(tx, leg, result.trades));
  for (const leg of out.legs) {
    pushLegToken(result.tokens, leg.token0, decimals);
    pushLegToken(result.tokens, leg.token1, decimals);
  }
  for (const t of out.tokens) result.tokens.push(t);
  result.tokens = mergeSolanaTokenFacts(tx, result.tokens);
  // A migration names no creator; the deployer comes from the token's creation facts in the same transaction.
  for (const ev of result.launchpadEvents) {
    if (ev.creator === null)
      ev.creator = out.tokens.find((t) => t.address === ev.mint && t.deployer)?.deployer ?? null;
  }
  return result;
}

/** A token record for a mint a leg trades, once per mint (a transaction's legs name a few: a scan). */
function pushLegToken(tokens: TokenRecord[], mint: string, decimals: ReadonlyMap<string, number>): void {
  for (const t of tokens) if (t.address === mint) return;
  tokens.push({
    chain: "solana",
    address: mint,
    name: null,
    symbol: null,
    decimals: decimals.get(mint) ?? null,
    totalSupply: null,
  });
}

/** A leg's value in whole SOL: its SOL side, else its share of its row's value. */
function legVolume(leg: SwapLeg, row: Row, trade: TradeRecord): string | null {
  if (leg.mintIn === SOLANA_NATIVE_MINT) return formatUnits(leg.amountIn, 9);
  if (leg.mintOut === SOLANA_NATIVE_MINT) return formatUnits(leg.amountOut, 9);
  if (trade.volumeNative === null) return null;
  if (row.legs.length === 1) return trade.volumeNative;
  const amount = leg.mintOut === row.base ? leg.amountOut : leg.amountIn;
  if (row.amountToken === 0n) return null;
  return divToDecimal(parseUnits(trade.volumeNative, SCALE) * amount, row.amountToken * TEN(SCALE));
}

function reserveOf(leg: SwapLeg, mint: string): bigint | null {
  if (leg.token0 === mint) return leg.reserve0;
  if (leg.token1 === mint) return leg.reserve1;
  return null;
}

function poolOfLeg(tx: SolanaTransaction, leg: SwapLeg, trades: TradeRecord[]): PoolRecord {
  const { base, quote } = chooseBaseQuote(leg.token0, leg.token1);
  const rBase = reserveOf(leg, base);
  const rQuote = reserveOf(leg, quote);
  let last: TradeRecord | undefined;
  for (let k = trades.length - 1; k >= 0 && last === undefined; k--)
    if (trades[k]!.pool === leg.pool) last = trades[k];
  let liquidityNative: string | null = null;
  // Both sides valued in SOL at this transaction's own trade price (raw quote per raw token).
  if (last && rBase !== null && rQuote !== null && last.amountToken > 0n && last.amountQuote > 0n) {
    if (quote === SOLANA_NATIVE_MINT) {
      liquidityNative = divToDecimal(
        rQuote * last.amountToken + rBase * last.amountQuote,
        last.amountToken * TEN(9),
      );
    } else if (base === SOLANA_NATIVE_MINT) {
      liquidityNative = divToDecimal(
        rBase * last.amountQuote + rQuote * last.amountToken,
        last.amountQuote * TEN(9),
      );
    }
  }
  return {
    chain: "solana",
    address: leg.pool,
    venueType: leg.venueType,
    factory: leg.programId,
    exchangeName: leg.exchangeName,
    token0: base,
    token1: quote,
    tokenAddress: base,
    quoteAddress: quote,
    launchpad: leg.launchpad,
    isLaunchpad: leg.launchpad !== null,
    bondingProgress: leg.bondingProgress,
    reserve0: rBase,
    reserve1: rQuote,
    priceNative: last?.priceNative ?? null,
    priceQuote: last?.priceQuote ?? null,
    liquidityNative,
    updatedBlock: tx.slot,
    updatedAt: tx.blockTime === null ? null : tx.blockTime * 1000,
  };
}

function isNormalized(v: unknown): v is SolanaTransaction {
  return !!v && typeof v === "object" && Array.isArray((v as SolanaTransaction).instructions);
}

let programsCache: SolanaProgramRegistry | null = null;
function defaultPrograms(): SolanaProgramRegistry {
  programsCache ??= createSolanaProgramRegistry();
  return programsCache;
}

let registryCache: SolanaVenueRegistry | null = null;
function defaultRegistry(): SolanaVenueRegistry {
  registryCache ??= createSolanaVenueRegistry();
  return registryCache;
}
