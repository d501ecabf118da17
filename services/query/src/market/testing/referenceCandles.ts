import { formatUnits } from "@tapeline/core";

/** One swap as the chain recorded it: the ordering key, the price paid, and raw amounts. */
export type RefSwap = {
  at: number;
  block: number;
  logIndex: number;
  id: string;
  /** whole native units per whole token, exact decimal */
  price: string;
  /** raw native units traded */
  volumeNativeRaw: bigint;
  nativeDecimals: number;
  amountTokenRaw: bigint;
  tokenDecimals: number;
};

export type RefCandle = {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  volumeToken: number;
  trades: number;
};

/** Candle start of `timeS` for an interval given in seconds, or "1M" for UTC calendar months. */
export function refBucket(timeS: number, interval: number | "1M"): number {
  if (interval === "1M") {
    const d = new Date(timeS * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  return timeS - (((timeS % interval) + interval) % interval);
}

function refNext(start: number, interval: number | "1M"): number {
  if (interval === "1M") {
    const d = new Date(start * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  }
  return start + interval;
}

/**
 * The whole candle series of a set of swaps, computed straight from the swaps: buckets by trade
 * time, open/close by (at, block, logIndex, id), each candle opening at the previous close,
 * optionally filled up to the slot holding `untilS`. Swaps before `fromS` are ignored, so the
 * first candle at or after it opens at its own first trade.
 */
export function referenceCandles(
  swaps: RefSwap[],
  opts: { interval: number | "1M"; fill: boolean; untilS: number; fromS?: number },
): RefCandle[] {
  const sorted = [...swaps]
    .filter(
      (s) => opts.fromS === undefined || refBucket(Math.floor(s.at / 1000), opts.interval) >= opts.fromS,
    )
    .sort(
      (a, b) =>
        a.at - b.at ||
        a.block - b.block ||
        a.logIndex - b.logIndex ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  type Acc = { time: number; prices: string[]; vol: bigint; tok: bigint; n: number; nd: number; td: number };
  const buckets = new Map<number, Acc>();
  for (const s of sorted) {
    const t = refBucket(Math.floor(s.at / 1000), opts.interval);
    const b = buckets.get(t) ?? {
      time: t,
      prices: [],
      vol: 0n,
      tok: 0n,
      n: 0,
      nd: s.nativeDecimals,
      td: s.tokenDecimals,
    };
    b.prices.push(s.price);
    b.vol += s.volumeNativeRaw;
    b.tok += s.amountTokenRaw;
    b.n += 1;
    buckets.set(t, b);
  }
  const out: RefCandle[] = [];
  const first = sorted[0];
  if (!first) return out;
  let prevClose: number | null = null;
  const end = refBucket(opts.untilS, opts.interval);
  for (
    let t = refBucket(Math.floor(first.at / 1000), opts.interval);
    t <= end;
    t = refNext(t, opts.interval)
  ) {
    const b = buckets.get(t);
    if (b) {
      const prices = b.prices.map(Number);
      const open: number = prevClose ?? (prices[0] as number);
      const close = prices.at(-1) as number;
      out.push({
        time: t,
        open,
        high: Math.max(open, ...prices),
        low: Math.min(open, ...prices),
        close,
        volume: Number(formatUnits(b.vol, b.nd)),
        volumeToken: Number(formatUnits(b.tok, b.td)),
        trades: b.n,
      });
      prevClose = close;
    } else if (opts.fill && prevClose !== null) {
      out.push({
        time: t,
        open: prevClose,
        high: prevClose,
        low: prevClose,
        close: prevClose,
        volume: 0,
        volumeToken: 0,
        trades: 0,
      });
    }
  }
  return out;
}
