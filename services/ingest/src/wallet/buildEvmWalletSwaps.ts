import type {
  TradeRecord,
  VenueType,
  WalletSwapAsset,
  WalletSwapLeg,
  WalletSwapRecord,
} from "@tapeline/core";
import { evmWalletDeltas, NATIVE_KEY, type ReceiptLog } from "./evmWalletDeltas.ts";
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
  const keyOf = (a: string) => (a === ctx.wrappedNative || a === NATIVE_ADDRESS ? NATIVE_KEY : a);
  const out: WalletSwapRecord[] = [];
  for (const [txHash, txTrades] of byTx) {
    const logs = ctx.logsOf(txHash) ?? [];
    const byMaker = new Map<string, TradeRecord[]>();
    for (const t of txTrades) byMaker.set(t.maker, [...(byMaker.get(t.maker) ?? []), t]);
    for (const [wallet, own] of byMaker) {
      own.sort((a, b) => a.logIndex - b.logIndex);
      const traded = own.map((t) => ({ ...legOf(t, ctx.poolType(t.pool)), volumeNative: t.volumeNative }));
      const ordered = orderRoute(traded, (a) => keyOf(a.tokenAddress));
      const legs: WalletSwapLeg[] = ordered.map(({ volumeNative: _, ...leg }) => leg);
      const ends = routeEndAssets(
        legs.map((l) => ({ sent: keyOf(l.sent.tokenAddress), received: keyOf(l.received.tokenAddress) })),
      );
      const deltas = evmWalletDeltas(logs, wallet, ctx.wrappedNative, byMaker.size === 1);
      for (const l of legs) {
        if (l.sent.tokenAddress === NATIVE_ADDRESS)
          deltas.set(NATIVE_KEY, (deltas.get(NATIVE_KEY) ?? 0n) - l.sent.amount);
        if (l.received.tokenAddress === NATIVE_ADDRESS)
          deltas.set(NATIVE_KEY, (deltas.get(NATIVE_KEY) ?? 0n) + l.received.amount);
      }
      /** the exact address the route used for an end asset: the first leg taking it, else the last producing it */
      const formOf = (key: string, sent: boolean): string => {
        const leg = sent
          ? legs.find((l) => keyOf(l.sent.tokenAddress) === key)
          : legs.findLast((l) => keyOf(l.received.tokenAddress) === key);
        return (sent ? leg?.sent.tokenAddress : leg?.received.tokenAddress) ?? key;
      };
      const sent: WalletSwapAsset[] = [];
      const received: WalletSwapAsset[] = [];
      for (const key of ends) {
        const d = deltas.get(key) ?? 0n;
        if (d < 0n) sent.push({ tokenAddress: formOf(key, true), amount: -d });
        else if (d > 0n) received.push({ tokenAddress: formOf(key, false), amount: d });
      }
      const byAmount = (a: WalletSwapAsset, b: WalletSwapAsset) =>
        a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1;
      sent.sort(byAmount);
      received.sort(byAmount);
      const sentKeys = new Set(sent.map((a) => keyOf(a.tokenAddress)));
      const receivedKeys = new Set(received.map((a) => keyOf(a.tokenAddress)));
      const volumeOf = (pick: (l: WalletSwapLeg) => boolean) =>
        sumDecimals(traded.filter(pick).map((l) => l.volumeNative));
      const first = own[0]!;
      out.push({
        chain: first.chain,
        wallet,
        txHash,
        block: first.block,
        seq: first.logIndex,
        at: first.at,
        sent,
        received,
        route: legs,
        volumeNative:
          volumeOf((l) => sentKeys.has(keyOf(l.sent.tokenAddress))) ??
          volumeOf((l) => receivedKeys.has(keyOf(l.received.tokenAddress))),
        feesNative: first.feesNative,
      });
    }
  }
  return out;
}
