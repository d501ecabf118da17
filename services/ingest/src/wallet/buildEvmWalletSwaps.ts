import type {
  TradeRecord,
  VenueType,
  WalletSwapAsset,
  WalletSwapLeg,
  WalletSwapRecord,
} from "@tapeline/core";
import {
  evmWalletDeltas,
  NATIVE_KEY,
  type ReceiptFlows,
  type ReceiptLog,
  receiptFlows,
} from "./evmWalletDeltas.ts";
import { orderRoute } from "./orderRoute.ts";
import { routeEndAssets } from "./routeEndAssets.ts";
import { sumDecimals } from "./sumDecimals.ts";

/** The native coin's address (V4 pools trade it directly). */
const NATIVE_ADDRESS = "0x0000000000000000000000000000000000000000";

/** What {@link buildEvmWalletSwaps} reads besides the trades. */
export type EvmWalletSwapContext = {
  wrappedNative: string;
  /** a transaction's receipt logs; undefined when the receipt is not known */
  logsOf: (txHash: string) => readonly ReceiptLog[] | undefined;
  poolType: (pool: string) => VenueType;
};

/** The leg a trade is, seen from its maker: what the route gave the pool and what it got back. */
function legOf(t: TradeRecord, poolType: VenueType): WalletSwapLeg {
  const token = { tokenAddress: t.tokenAddress, amount: t.amountToken };
  const quote = { tokenAddress: t.quoteAddress, amount: t.amountQuote };
  return {
    poolAddress: t.pool,
    poolType,
    sent: t.isBuy ? quote : token,
    received: t.isBuy ? token : quote,
  };
}

/** An address's asset key: native and wrapped native as one. */
function keyOf(address: string, wrappedNative: string): string {
  return address === wrappedNative || address === NATIVE_ADDRESS ? NATIVE_KEY : address;
}

/** The exact address the route used for an end asset: the first leg taking it, else the last producing it. */
function formOf(legs: readonly WalletSwapLeg[], key: string, sent: boolean, wrappedNative: string): string {
  if (sent) {
    for (const l of legs) if (keyOf(l.sent.tokenAddress, wrappedNative) === key) return l.sent.tokenAddress;
  } else {
    for (let i = legs.length - 1; i >= 0; i--) {
      const address = legs[i]!.received.tokenAddress;
      if (keyOf(address, wrappedNative) === key) return address;
    }
  }
  return key;
}

/** Largest amount first. */
function byAmount(a: WalletSwapAsset, b: WalletSwapAsset): number {
  return a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1;
}

/** By log index, ascending. */
function byLogIndex(a: TradeRecord, b: TradeRecord): number {
  return a.logIndex - b.logIndex;
}

/** The trades' makers, each with its trades (in the given order). */
function groupByMaker(trades: readonly TradeRecord[]): Map<string, TradeRecord[]> {
  const byMaker = new Map<string, TradeRecord[]>();
  for (const t of trades) {
    const list = byMaker.get(t.maker);
    if (list) list.push(t);
    else byMaker.set(t.maker, [t]);
  }
  return byMaker;
}

/**
 * The wallet swaps of a range's EVM trades: one per transaction and maker (the trades' resolved
 * maker), its legs ordered from the sent to the received asset ({@link orderRoute}).
 *
 * `sent`/`received` are the maker's net flows of the route's end assets ({@link routeEndAssets},
 * native and wrapped native as one asset served under the form of the end leg that took or
 * produced it), largest raw amount first:
 * - tokens: the Transfer logs from and to the maker (exact, fee-on-transfer included);
 * - native: the maker's wrapped-native transfers, plus the native legs of V4 pools (coin paid
 *   into or out of the pool for the maker) and, when the transaction swaps for one maker only,
 *   the router's wraps and unwraps ({@link evmWalletDeltas}). Exact for routers that wrap what
 *   they use and forward what they unwrap; a native fee a router keeps after unwrapping, or
 *   native sent by a plain call outside the route, leaves no log and is not seen.
 * An end asset whose flow is zero is left out. Value: the legs taking a sent asset (else those
 * producing a received one), so a multi-hop counts once. `seq` is the first swap's log index.
 */
export function buildEvmWalletSwaps(
  trades: readonly TradeRecord[],
  ctx: EvmWalletSwapContext,
): WalletSwapRecord[] {
  const byTx = new Map<string, TradeRecord[]>();
  for (const t of trades) {
    const list = byTx.get(t.txHash);
    if (list) list.push(t);
    else byTx.set(t.txHash, [t]);
  }
  const out: WalletSwapRecord[] = [];
  for (const [txHash, txTrades] of byTx) {
    const flows = receiptFlows(ctx.logsOf(txHash) ?? [], ctx.wrappedNative);
    // most transactions are one trade: no grouping needed
    if (txTrades.length === 1) {
      out.push(walletSwapOf(txHash, txTrades[0]!.maker, txTrades, flows, true, ctx));
      continue;
    }
    const byMaker = groupByMaker(txTrades);
    for (const [wallet, own] of byMaker) {
      out.push(walletSwapOf(txHash, wallet, own, flows, byMaker.size === 1, ctx));
    }
  }
  return out;
}

/** One maker's wallet swap in a transaction, from its trades there (see {@link buildEvmWalletSwaps}). */
function walletSwapOf(
  txHash: string,
  wallet: string,
  own: TradeRecord[],
  flows: ReceiptFlows,
  unwraps: boolean,
  ctx: EvmWalletSwapContext,
): WalletSwapRecord {
  const wrappedNative = ctx.wrappedNative;
  if (own.length > 1) own.sort(byLogIndex);
  const traded: WalletSwapLeg[] = [];
  for (const t of own) traded.push(legOf(t, ctx.poolType(t.pool)));
  const legs = traded.length === 1 ? traded : orderRoute(traded, (a) => keyOf(a.tokenAddress, wrappedNative));
  const ends = endAssets(legs, wrappedNative);
  const deltas = evmWalletDeltas(flows, wallet, unwraps, ends);
  const native = ends.indexOf(NATIVE_KEY);
  if (native !== -1) {
    for (const l of legs) {
      if (l.sent.tokenAddress === NATIVE_ADDRESS) deltas[native]! -= l.sent.amount;
      if (l.received.tokenAddress === NATIVE_ADDRESS) deltas[native]! += l.received.amount;
    }
  }
  const sent: WalletSwapAsset[] = [];
  const received: WalletSwapAsset[] = [];
  // an end is sent (-1), received (1) or left out (0)
  const side: number[] = [];
  for (let i = 0; i < ends.length; i++) {
    const key = ends[i]!;
    const d = deltas[i]!;
    if (d < 0n) sent.push({ tokenAddress: formOf(legs, key, true, wrappedNative), amount: -d });
    else if (d > 0n) received.push({ tokenAddress: formOf(legs, key, false, wrappedNative), amount: d });
    side.push(d < 0n ? -1 : d > 0n ? 1 : 0);
  }
  if (sent.length > 1) sent.sort(byAmount);
  if (received.length > 1) received.sort(byAmount);
  // value: the legs taking a sent asset, else those producing a received one (a multi-hop counts once)
  const takingSent: (string | null)[] = [];
  const producingReceived: (string | null)[] = [];
  for (let i = 0; i < own.length; i++) {
    const leg = traded[i]!;
    if (side[ends.indexOf(keyOf(leg.sent.tokenAddress, wrappedNative))] === -1)
      takingSent.push(own[i]!.volumeNative);
    if (side[ends.indexOf(keyOf(leg.received.tokenAddress, wrappedNative))] === 1)
      producingReceived.push(own[i]!.volumeNative);
  }
  const first = own[0]!;
  return {
    chain: first.chain,
    wallet,
    txHash,
    block: first.block,
    seq: first.logIndex,
    at: first.at,
    sent,
    received,
    route: legs,
    volumeNative: sumDecimals(takingSent) ?? sumDecimals(producingReceived),
    feesNative: first.feesNative,
  };
}

/** The route's end asset keys ({@link routeEndAssets}); one leg's two assets unless they are one (a wrap). */
function endAssets(legs: readonly WalletSwapLeg[], wrappedNative: string): string[] {
  if (legs.length === 1) {
    const sent = keyOf(legs[0]!.sent.tokenAddress, wrappedNative);
    const received = keyOf(legs[0]!.received.tokenAddress, wrappedNative);
    return sent === received ? [] : [sent, received];
  }
  const hops: { sent: string; received: string }[] = [];
  for (const leg of legs) {
    hops.push({
      sent: keyOf(leg.sent.tokenAddress, wrappedNative),
      received: keyOf(leg.received.tokenAddress, wrappedNative),
    });
  }
  return routeEndAssets(hops);
}
