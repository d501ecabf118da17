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
  // keyed by the transaction hash alone (the trades' own strings, whose hashes V8 keeps): a
  // transaction holds one swap and one group in the common case, searched by a short scan
  const swapsOfTx = new Map<string, WalletSwapRecord[]>();
  for (const s of swaps) {
    const list = swapsOfTx.get(s.txHash);
    if (list) list.push(s);
    else swapsOfTx.set(s.txHash, [s]);
  }
  const ends = new Map<WalletSwapRecord, readonly string[]>();
  const groupsOfTx = new Map<string, Group[]>();
  // A group of one trade (the common case) keeps its trade's strings; only merges do arithmetic.
  const groups: Group[] = [];
  for (const t of trades) {
    const swap = swapsOfTx.get(t.txHash)?.find((s) => s.wallet === t.maker);
    if (swap && !isEnd(swap, t.tokenAddress, ends)) continue;
    let txGroups = groupsOfTx.get(t.txHash);
    if (!txGroups) {
      txGroups = [];
      groupsOfTx.set(t.txHash, txGroups);
    }
    const g = txGroups.find(
      (o) => o.row.wallet === t.maker && o.row.tokenAddress === t.tokenAddress && o.row.isBuy === t.isBuy,
    );
    if (g) {
      g.trades.push(t);
      continue;
    }
    const group: Group = {
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
    };
    txGroups.push(group);
    groups.push(group);
  }
  return groups.map(({ row, trades: merged }) => (merged.length === 1 ? row : mergeRow(row, merged)));
}

type Group = { row: WalletTradeRow; trades: TradeRecord[] };

/** Whether the swap's route starts or ends with the token ({@link routeEndAssets}, kept per swap). */
function isEnd(
  swap: WalletSwapRecord,
  token: string,
  ends: Map<WalletSwapRecord, readonly string[]>,
): boolean {
  if (swap.route.length === 1) {
    // one leg: its two assets are the ends, unless they are one
    const { sent, received } = swap.route[0]!;
    return (
      sent.tokenAddress !== received.tokenAddress &&
      (token === sent.tokenAddress || token === received.tokenAddress)
    );
  }
  let list = ends.get(swap);
  if (!list) {
    list = routeEndAssets(
      swap.route.map((l) => ({ sent: l.sent.tokenAddress, received: l.received.tokenAddress })),
    );
    ends.set(swap, list);
  }
  return list.includes(token);
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
