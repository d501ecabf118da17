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
    const byMaker =
      txTrades.length === 1 ? new Map([[txTrades[0]!.maker, txTrades]]) : groupByMaker(txTrades);
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
  const hops: { sent: string; received: string }[] = [];
  for (const leg of legs) {
    hops.push({
      sent: keyOf(leg.sent.tokenAddress, wrappedNative),
      received: keyOf(leg.received.tokenAddress, wrappedNative),
    });
  }
  // one leg: its two assets are the ends, unless they are one asset (wrap or unwrap)
  const ends =
    hops.length === 1
      ? hops[0]!.sent === hops[0]!.received
        ? []
        : [hops[0]!.sent, hops[0]!.received]
      : routeEndAssets(hops);
  const deltas = evmWalletDeltas(flows, wallet, unwraps);
  for (const l of legs) {
    if (l.sent.tokenAddress === NATIVE_ADDRESS)
      deltas.set(NATIVE_KEY, (deltas.get(NATIVE_KEY) ?? 0n) - l.sent.amount);
    if (l.received.tokenAddress === NATIVE_ADDRESS)
      deltas.set(NATIVE_KEY, (deltas.get(NATIVE_KEY) ?? 0n) + l.received.amount);
  }
  const sent: WalletSwapAsset[] = [];
  const received: WalletSwapAsset[] = [];
  const sentKeys = new Set<string>();
  const receivedKeys = new Set<string>();
  for (const key of ends) {
    const d = deltas.get(key) ?? 0n;
    if (d < 0n) {
      sent.push({ tokenAddress: formOf(legs, key, true, wrappedNative), amount: -d });
      sentKeys.add(key);
    } else if (d > 0n) {
      received.push({ tokenAddress: formOf(legs, key, false, wrappedNative), amount: d });
      receivedKeys.add(key);
    }
  }
  sent.sort(byAmount);
  received.sort(byAmount);
  // value: the legs taking a sent asset, else those producing a received one (a multi-hop counts once)
  const takingSent: (string | null)[] = [];
  const producingReceived: (string | null)[] = [];
  for (let i = 0; i < own.length; i++) {
    const leg = traded[i]!;
    if (sentKeys.has(keyOf(leg.sent.tokenAddress, wrappedNative))) takingSent.push(own[i]!.volumeNative);
    if (receivedKeys.has(keyOf(leg.received.tokenAddress, wrappedNative)))
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
