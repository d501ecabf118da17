import { formatUnits, priceFromRaw, SOLANA_NATIVE_MINT } from "@tapeline/core";
import { type AnchorEvent, decodeAnchorEvent } from "../decodeAnchorEvent.ts";
import { discriminatorHex } from "../discriminatorHex.ts";
import { instructionData } from "../instructionData.ts";
import { mintDecimals } from "../mintDecimals.ts";
import { pushLaunchpadComplete } from "../pushLaunchpadComplete.ts";
import { pushLaunchpadMigration } from "../pushLaunchpadMigration.ts";
import type { SolanaTransaction } from "../SolanaTransaction.ts";
import type { SolanaVenue, VenueOutput } from "../SolanaVenue.ts";
import { PUMPFUN_PROGRAM } from "../solanaPrograms.ts";
import { subtreeEnd } from "../subtreeEnd.ts";

const EVENT_TAG = "e445a52e51cb9a1d";
const DEFAULT_KEY = "11111111111111111111111111111111";
/** Tokens a pump.fun curve sells before it completes (793.1M of 1B, 6 decimals). */
export const PUMPFUN_INITIAL_REAL_TOKEN_RESERVES = 793_100_000_000_000n;
const TOKEN_DECIMALS = 6;
const LAUNCHPAD = "pumpfun";

/**
 * Bonding progress of a pump.fun curve in percent (0–100): the share of the curve's initial
 * real token reserves already sold, from the reserves the program reports after the trade.
 */
export function pumpfunBondingProgress(realTokenReserves: bigint): number {
  if (realTokenReserves >= PUMPFUN_INITIAL_REAL_TOKEN_RESERVES) return 0;
  if (realTokenReserves <= 0n) return 100;
  const sold = PUMPFUN_INITIAL_REAL_TOKEN_RESERVES - realTokenReserves;
  return Number((sold * 1_000_000n) / PUMPFUN_INITIAL_REAL_TOKEN_RESERVES) / 10_000;
}

const key = (v: unknown): string | null => (typeof v === "string" && v !== DEFAULT_KEY ? v : null);
const big = (v: unknown): bigint | null => (typeof v === "bigint" ? v : null);
const ms = (v: unknown, tx: SolanaTransaction): number | null =>
  typeof v === "bigint" ? Number(v) * 1000 : tx.blockTime === null ? null : tx.blockTime * 1000;

function curvePool(tx: SolanaTransaction, curve: string, mint: string) {
  return {
    chain: "solana" as const,
    address: curve,
    venueType: "PUMPFUN",
    factory: PUMPFUN_PROGRAM,
    exchangeName: "Pump.fun",
    token0: mint,
    token1: SOLANA_NATIVE_MINT,
    tokenAddress: mint,
    quoteAddress: SOLANA_NATIVE_MINT,
    launchpad: LAUNCHPAD,
    isLaunchpad: true,
    updatedBlock: tx.slot,
  };
}

function onTrade(tx: SolanaTransaction, i: number, ev: AnchorEvent, out: VenueOutput): void {
  const f = ev.fields;
  const ix = tx.instructions[i]!;
  const mint = String(f.mint);
  const curve = ix.accounts[3];
  const sol = big(f.sol_amount);
  const tokens = big(f.token_amount);
  if (!curve || sol === null || tokens === null || sol === 0n || tokens === 0n) return;
  const realTokens = big(f.real_token_reserves);
  const realSol = big(f.real_sol_reserves);
  const progress = realTokens === null ? null : pumpfunBondingProgress(realTokens);
  const isBuy = f.is_buy === true;
  // sol_amount is the curve's side; the protocol and creator fees go beside it in lamports, paid
  // by the trader on a buy and kept from its proceeds on a sell (events before the fee fields: none stated)
  const fees = (big(f.fee) ?? 0n) + (big(f.creator_fee) ?? 0n);
  const paid = isBuy ? sol + fees : tokens;
  const got = isBuy ? tokens : sol - fees;
  if (got <= 0n) return;
  out.legs.push({
    venueType: "PUMPFUN",
    programId: PUMPFUN_PROGRAM,
    exchangeName: "Pump.fun",
    pool: curve,
    path: ix.path,
    flatIndex: i,
    mintIn: isBuy ? SOLANA_NATIVE_MINT : mint,
    amountIn: paid,
    mintOut: isBuy ? mint : SOLANA_NATIVE_MINT,
    amountOut: got,
    trader: key(f.user),
    counterparties: [],
    token0: mint,
    token1: SOLANA_NATIVE_MINT,
    reserve0: realTokens,
    reserve1: realSol,
    launchpad: LAUNCHPAD,
    bondingProgress: progress,
    eventAt: typeof f.timestamp === "bigint" ? Number(f.timestamp) * 1000 : null,
  });
  const vSol = big(f.virtual_sol_reserves);
  const vTok = big(f.virtual_token_reserves);
  const decimals = mintDecimals(tx).get(mint) ?? TOKEN_DECIMALS;
  const price = vSol !== null && vTok !== null ? priceFromRaw(vTok, decimals, vSol, 9) : null;
  // written out rather than spread from curvePool: this runs for every pump.fun trade
  out.pools.push({
    chain: "solana",
    address: curve,
    venueType: "PUMPFUN",
    factory: PUMPFUN_PROGRAM,
    exchangeName: "Pump.fun",
    token0: mint,
    token1: SOLANA_NATIVE_MINT,
    tokenAddress: mint,
    quoteAddress: SOLANA_NATIVE_MINT,
    launchpad: LAUNCHPAD,
    isLaunchpad: true,
    updatedBlock: tx.slot,
    bondingProgress: progress,
    creator: key(f.creator),
    reserve0: realTokens,
    reserve1: realSol,
    priceNative: price,
    priceQuote: price,
    liquidityNative: realSol === null ? null : formatUnits(realSol, 9),
  });
}

function onCreate(tx: SolanaTransaction, ev: AnchorEvent, out: VenueOutput): void {
  const f = ev.fields;
  const mint = String(f.mint);
  const curve = String(f.bonding_curve);
  const deployer = key(f.creator) ?? key(f.user);
  const at = ms(f.timestamp, tx);
  const realTokens = big(f.real_token_reserves);
  const progress = realTokens === null ? 0 : pumpfunBondingProgress(realTokens);
  out.tokens.push({
    chain: "solana",
    address: mint,
    name: typeof f.name === "string" ? f.name : null,
    symbol: typeof f.symbol === "string" ? f.symbol : null,
    decimals: mintDecimals(tx).get(mint) ?? TOKEN_DECIMALS,
    totalSupply: big(f.token_total_supply),
    deployer,
    createdAt: at,
    metadata: typeof f.uri === "string" ? { uri: f.uri } : {},
  });
  out.pools.push({
    ...curvePool(tx, curve, mint),
    creator: deployer,
    bondingProgress: progress,
    migrated: false,
    createdAt: at,
    createdBlock: tx.slot,
  });
  out.launchpadEvents.push({
    kind: "create",
    launchpad: LAUNCHPAD,
    mint,
    pool: curve,
    at,
    signature: tx.signature,
    slot: tx.slot,
    creator: deployer,
    bondingProgress: progress,
    migratedTo: null,
  });
}

function onComplete(tx: SolanaTransaction, ev: AnchorEvent, out: VenueOutput): void {
  const f = ev.fields;
  const mint = String(f.mint);
  const curve = String(f.bonding_curve);
  out.pools.push({ ...curvePool(tx, curve, mint), bondingProgress: 100 });
  pushLaunchpadComplete(tx, out, { launchpad: LAUNCHPAD, mint, curve, at: ms(f.timestamp, tx) });
}

function onMigration(tx: SolanaTransaction, ev: AnchorEvent, out: VenueOutput): void {
  const f = ev.fields;
  pushLaunchpadMigration(tx, out, {
    launchpad: LAUNCHPAD,
    venueType: "PUMPFUN",
    programId: PUMPFUN_PROGRAM,
    exchangeName: "Pump.fun",
    curve: String(f.bonding_curve),
    mint: String(f.mint),
    quote: SOLANA_NATIVE_MINT,
    migratedTo: key(f.pool),
    at: ms(f.timestamp, tx),
  });
}

/**
 * pump.fun bonding curve: buy and sell legs from the program's TradeEvent (lamports move into
 * the curve account itself, so the event is the pool's own record), token and curve creation
 * from CreateEvent (create and CreateV2), completion from CompleteEvent, graduation from
 * CompletePumpAmmMigrationEvent. Events are the self-CPI instructions under each instruction.
 */
export const pumpfunVenue: SolanaVenue = {
  venueType: "PUMPFUN",
  programId: PUMPFUN_PROGRAM,
  exchangeName: "Pump.fun",
  decode(tx, i, out) {
    const ix = tx.instructions[i]!;
    // self-CPI events (one account: the event authority) are read below by their emitter
    if (ix.accounts.length <= 1 || discriminatorHex(instructionData(ix)) === EVENT_TAG) return;
    const end = subtreeEnd(tx, i);
    for (let j = i + 1; j < end; j++) {
      const child = tx.instructions[j]!;
      if (child.programId !== PUMPFUN_PROGRAM || child.stackHeight !== ix.stackHeight + 1) continue;
      const ev = decodeAnchorEvent(PUMPFUN_PROGRAM, instructionData(child));
      if (!ev) continue;
      if (ev.name === "TradeEvent") onTrade(tx, i, ev, out);
      else if (ev.name === "CreateEvent") onCreate(tx, ev, out);
      else if (ev.name === "CompleteEvent") onComplete(tx, ev, out);
      else if (ev.name === "CompletePumpAmmMigrationEvent") onMigration(tx, ev, out);
    }
  },
};
