import { formatUnits, parseUnits, type TradeRecord, type WalletSwapRecord, walletKey } from "@tapeline/core";
import { routeEndAssets } from "../wallet/routeEndAssets.ts";

const SCALE = 18;

/** One wallet trade event: a transaction's trades of one maker, token and side merged. */
export type WalletTradeRow = {
  walletKey: string;
  chain: string;
  wallet: string;
  txHash: string;
  tokenAddress: string;
  isBuy: boolean;
  block: bigint;
  logIndex: number;
  at: number;
  amountToken: bigint;
  volumeNative: string | null;
  priceNative: string | null;
};

/**
 * The wallet trade events of a batch: trades grouped by maker, transaction, token and side, so
 * the legs of a multi-hop (or a split route) make one event whose amount and volume are their
 * sums, never doubled. A token the maker's route only passes through (its wallet swap shows it
 * neither taken first nor produced last) makes no event. The event's price is the
 * amount-weighted mean of its trades' prices (the merged volume over the merged amount); its
 * position is its first trade's log index.
 */
export function walletTradesOf(
  trades: readonly TradeRecord[],
  swaps: readonly WalletSwapRecord[],
): WalletTradeRow[] {
  const ends = new Map<string, Set<string>>();
  for (const s of swaps) {
    const hops = s.route.map((l) => ({ sent: l.sent.tokenAddress, received: l.received.tokenAddress }));
    ends.set(`${s.wallet}|${s.txHash}`, new Set(routeEndAssets(hops)));
  }
  const groups = new Map<string, { row: WalletTradeRow; weighted: bigint | null; volume: bigint | null }>();
  for (const t of trades) {
    const end = ends.get(`${t.maker}|${t.txHash}`);
    if (end && !end.has(t.tokenAddress)) continue;
    const key = `${t.maker}|${t.txHash}|${t.tokenAddress}|${t.isBuy}`;
    const price = t.priceNative === null ? null : parseUnits(t.priceNative, SCALE);
    const volume = t.volumeNative === null ? null : parseUnits(t.volumeNative, SCALE);
    const g = groups.get(key);
    if (!g) {
      groups.set(key, {
        row: {
          walletKey: walletKey(t.chain, t.maker),
          chain: t.chain,
          wallet: t.maker,
          txHash: t.txHash,
          tokenAddress: t.tokenAddress,
          isBuy: t.isBuy,
          block: t.block,
          logIndex: t.logIndex,
          at: t.at,
          amountToken: t.amountToken,
          volumeNative: null,
          priceNative: null,
        },
        weighted: price === null ? null : price * t.amountToken,
        volume,
      });
      continue;
    }
    g.row.amountToken += t.amountToken;
    if (t.logIndex < g.row.logIndex) g.row.logIndex = t.logIndex;
    g.weighted = g.weighted === null || price === null ? null : g.weighted + price * t.amountToken;
    g.volume = g.volume === null || volume === null ? null : g.volume + volume;
  }
  return [...groups.values()].map(({ row, weighted, volume }) => ({
    ...row,
    volumeNative: volume === null ? null : formatUnits(volume, SCALE),
    priceNative:
      weighted === null || row.amountToken === 0n ? null : formatUnits(weighted / row.amountToken, SCALE),
  }));
}
