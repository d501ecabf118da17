import { addExact, EXACT_ZERO, type ExactDecimal, formatExact, parseExact } from "../exactDecimal.ts";

/** A priced trade in chain order: `[at, block, logIndex, priceNative]`. */
export type PricedKey = [at: number, block: number, logIndex: number, price: string];

/**
 * One minute of one market's trades: `[minute (ms), native volume, buy volume, buys, sells,
 * earliest at, latest at, first priced trade, last priced trade]` (volumes exact decimal text; the
 * volume null when no trade of the minute has one, as the store's sum is).
 */
export type MinuteBucket = [
  minute: number,
  volume: string | null,
  buyVolume: string,
  buys: number,
  sells: number,
  minAt: number,
  maxAt: number,
  first: PricedKey | null,
  last: PricedKey | null,
];

/** One market's part of a token's window state. */
export type MarketWindowState = {
  /** the market's served native price all-time high, as the writer last computed it */
  a: string | null;
  /** the last priced trade before the state's `from` */
  p: PricedKey | null;
  /** minute buckets from `from` on, oldest first */
  b: MinuteBucket[];
};

/**
 * What the writer keeps on a token's snapshot row for its windowed figures: per market, the
 * minutes of trades from `from` (ms, a minute start) on, and the last priced trade before it.
 * Trades before `from` are summed up in that price alone, so a window starting before it cannot
 * be answered from the state.
 */
export type TokenWindowState = { from: number; m: Record<string, MarketWindowState> };

/** What the state needs of one trade (as stored: exact volume and price text, null when unknown). */
export type SnapshotTrade = {
  market: string;
  at: number;
  block: number;
  logIndex: number;
  isBuy: boolean;
  volumeNative: string | null;
  priceNative: string | null;
};

const MINUTE_MS = 60_000;
/** How far back of its newest minute the state keeps minutes: the longest window, and the minute it starts in. */
export const STATE_SPAN_MS = 86_400_000 + MINUTE_MS;

const minuteOf = (at: number): number => Math.floor(at / MINUTE_MS) * MINUTE_MS;

/** Chain order of two priced keys (time, block, log index). */
export function compareKeys(a: PricedKey, b: PricedKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const laterKey = (a: PricedKey | null, b: PricedKey | null): PricedKey | null =>
  a === null ? b : b === null ? a : compareKeys(b, a) > 0 ? b : a;
const earlierKey = (a: PricedKey | null, b: PricedKey | null): PricedKey | null =>
  a === null ? b : b === null ? a : compareKeys(b, a) < 0 ? b : a;

const add = (a: string | null, b: string | null): string | null =>
  b === null ? a : a === null ? b : formatExact(addExact(parseExact(a), parseExact(b)));

function addToBucket(b: MinuteBucket, t: SnapshotTrade): MinuteBucket {
  const key: PricedKey | null = t.priceNative === null ? null : [t.at, t.block, t.logIndex, t.priceNative];
  return [
    b[0],
    add(b[1], t.volumeNative),
    t.isBuy ? (add(b[2], t.volumeNative) as string) : b[2],
    b[3] + (t.isBuy ? 1 : 0),
    b[4] + (t.isBuy ? 0 : 1),
    Math.min(b[5], t.at),
    Math.max(b[6], t.at),
    earlierKey(b[7], key),
    laterKey(b[8], key),
  ];
}

const emptyBucket = (minute: number, at: number): MinuteBucket => [
  minute,
  null,
  "0",
  0,
  0,
  at,
  at,
  null,
  null,
];

/**
 * The state after `trades` (newly stored, in any order; each counted once by the caller): each
 * lands in its market's minute, or, before `from`, may become the market's last earlier price.
 * `from` follows the newest minute held (never moving back), and the minutes it passes are
 * folded into the last earlier price. `ath` sets the served all-time high of the markets it names.
 */
export function addSnapshotTrades(
  state: TokenWindowState | null,
  trades: readonly SnapshotTrade[],
  ath: ReadonlyMap<string, string | null> = new Map(),
): TokenWindowState {
  let newest = Number.NEGATIVE_INFINITY;
  for (const e of Object.values(state?.m ?? {})) {
    const last = e.b.at(-1);
    if (last) newest = Math.max(newest, last[0]);
  }
  for (const t of trades) newest = Math.max(newest, minuteOf(t.at));
  const from = Math.max(
    state?.from ?? Number.NEGATIVE_INFINITY,
    Number.isFinite(newest) ? newest - STATE_SPAN_MS : Number.NEGATIVE_INFINITY,
  );
  const m: Record<string, MarketWindowState> = {};
  for (const [market, e] of Object.entries(state?.m ?? {})) {
    let p = e.p;
    let i = 0;
    while (i < e.b.length && e.b[i]![0] < from) p = laterKey(p, e.b[i++]![8]);
    m[market] = i === 0 && p === e.p ? e : { a: e.a, p, b: e.b.slice(i) };
  }
  const byMarket = new Map<string, SnapshotTrade[]>();
  for (const t of trades) {
    const list = byMarket.get(t.market);
    if (list) list.push(t);
    else byMarket.set(t.market, [t]);
  }
  for (const [market, list] of byMarket) {
    const e = m[market] ?? { a: null, p: null, b: [] };
    const buckets = new Map(e.b.map((b) => [b[0], b]));
    let p = e.p;
    for (const t of list) {
      if (t.at < from) {
        if (t.priceNative !== null) p = laterKey(p, [t.at, t.block, t.logIndex, t.priceNative]);
        continue;
      }
      const minute = minuteOf(t.at);
      buckets.set(minute, addToBucket(buckets.get(minute) ?? emptyBucket(minute, t.at), t));
    }
    m[market] = { a: e.a, p, b: [...buckets.values()].sort((x, y) => x[0] - y[0]) };
  }
  for (const [market, a] of ath) {
    const e = m[market] ?? { a: null, p: null, b: [] };
    m[market] = { ...e, a };
  }
  return { from: Number.isFinite(from) ? from : 0, m };
}

/** One market's figures over the window (since, now], as the store's sums give them. */
export type MarketWindowFigures = {
  volume: ExactDecimal;
  buyVolume: ExactDecimal;
  sellVolume: ExactDecimal;
  buys: number;
  sells: number;
  /** native volume of each minute with trades in the window (for valuing it at the minute's rate) */
  minuteVolumes: Map<number, ExactDecimal>;
  /** the last priced trade at or before `since` */
  before: PricedKey | null;
  /** the first priced trade in the window */
  first: PricedKey | null;
  /** the last priced trade at or before `now` */
  last: PricedKey | null;
};

/**
 * A market's figures over (since, now] from its state: whole minutes from their buckets; a
 * minute the window's edge cuts through (some of its trades in, some out) from `edgeTrades`,
 * the market's stored trades of that minute. Returns `{ edges }`, the minutes whose trades it
 * needs, when `edgeTrades` lacks one of them; null when `since` is before the state's `from`.
 */
export function marketWindowFigures(
  state: TokenWindowState,
  market: string,
  since: number,
  now: number,
  edgeTrades?: ReadonlyMap<number, readonly SnapshotTrade[]>,
): MarketWindowFigures | { edges: number[] } | null {
  if (since < state.from) return null;
  const e = state.m[market] ?? { a: null, p: null, b: [] };
  const edges: number[] = [];
  let volume = EXACT_ZERO;
  let buyVolume = EXACT_ZERO;
  let sellVolume = EXACT_ZERO;
  let buys = 0;
  let sells = 0;
  const minuteVolumes = new Map<number, ExactDecimal>();
  let before = e.p;
  let first: PricedKey | null = null;
  let last = e.p;
  const addTrade = (minute: number, t: SnapshotTrade) => {
    const key: PricedKey | null = t.priceNative === null ? null : [t.at, t.block, t.logIndex, t.priceNative];
    if (t.at <= since) before = laterKey(before, key);
    if (t.at <= now) last = laterKey(last, key);
    if (t.at <= since || t.at > now) return;
    first = earlierKey(first, key);
    if (t.isBuy) buys++;
    else sells++;
    if (t.volumeNative === null) return;
    const v = parseExact(t.volumeNative);
    volume = addExact(volume, v);
    if (t.isBuy) buyVolume = addExact(buyVolume, v);
    else sellVolume = addExact(sellVolume, v);
    minuteVolumes.set(minute, addExact(minuteVolumes.get(minute) ?? EXACT_ZERO, v));
  };
  for (const b of e.b) {
    const [minute, vol, buyVol, nBuys, nSells, minAt, maxAt, bFirst, bLast] = b;
    if (maxAt <= since) {
      before = laterKey(before, bLast);
      last = laterKey(last, bLast);
      continue;
    }
    if (minAt > now) continue;
    if (minAt > since && maxAt <= now) {
      buys += nBuys;
      sells += nSells;
      if (vol !== null) {
        const v = parseExact(vol);
        const bv = parseExact(buyVol);
        volume = addExact(volume, v);
        buyVolume = addExact(buyVolume, bv);
        sellVolume = addExact(sellVolume, addExact(v, { n: -bv.n, scale: bv.scale }));
        minuteVolumes.set(minute, v);
      }
      first = earlierKey(first, bFirst);
      last = laterKey(last, bLast);
      continue;
    }
    const fine = edgeTrades?.get(minute);
    if (!fine) {
      edges.push(minute);
      continue;
    }
    for (const t of fine) addTrade(minute, t);
  }
  if (edges.length > 0) return { edges };
  return { volume, buyVolume, sellVolume, buys, sells, minuteVolumes, before, first, last };
}
