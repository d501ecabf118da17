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
  // A group of one trade (the common case) keeps its trade's strings; only merges do arithmetic.
  const groups = new Map<string, { row: WalletTradeRow; trades: TradeRecord[] }>();
  for (const t of trades) {
    const end = ends.get(`${t.maker}|${t.txHash}`);
    if (end && !end.has(t.tokenAddress)) continue;
    const key = `${t.maker}|${t.txHash}|${t.tokenAddress}|${t.isBuy}`;
    const g = groups.get(key);
    if (g) {
      g.trades.push(t);
      continue;
    }
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
        volumeNative: t.volumeNative,
        priceNative: t.priceNative,
      },
      trades: [t],
    });
  }
  return [...groups.values()].map(({ row, trades: merged }) =>
    merged.length === 1 ? row : mergeRow(row, merged),
  );
}

function mergeRow(row: WalletTradeRow, trades: readonly TradeRecord[]): WalletTradeRow {
  let amount = 0n;
  let weighted: bigint | null = 0n;
  let volume: bigint | null = 0n;
  let logIndex = row.logIndex;
  for (const t of trades) {
    amount += t.amountToken;
    logIndex = Math.min(logIndex, t.logIndex);
    weighted =
      weighted === null || t.priceNative === null
        ? null
        : weighted + parseUnits(t.priceNative, SCALE) * t.amountToken;
    volume = volume === null || t.volumeNative === null ? null : volume + parseUnits(t.volumeNative, SCALE);
  }
  return {
    ...row,
    logIndex,
    amountToken: amount,
    volumeNative: volume === null ? null : formatUnits(volume, SCALE),
    priceNative: weighted === null || amount === 0n ? null : formatUnits(weighted / amount, SCALE),
  };
}
