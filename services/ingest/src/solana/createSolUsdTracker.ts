import type { SolUsdObservation } from "./decodeSolanaTransaction.ts";

/** SOL/USD for one minute as the ingest writes it (`native_prices`). */
export type SolUsdPoint = { minute: number; priceUsd: string; source: string };

export type SolUsdTracker = {
  /** records a SOL/USD-stablecoin trade */
  observe(obs: SolUsdObservation): void;
  /** SOL/USD for the minute of `atMs`, carried forward from the last earlier minute, else null */
  priceAt(atMs: number): string | null;
  /** loads stored minutes (on restart), so prices carry across a worker restart */
  seed(points: readonly SolUsdPoint[]): void;
  /** the minutes changed since the last call */
  drainChanged(): SolUsdPoint[];
};

const MINUTE = 60_000;

/**
 * SOL/USD per minute from the SOL/USD-stablecoin pools the worker indexes. Rule: a minute's
 * price is the last trade price in the deepest such pool traded in that minute (depth: the
 * pool's stablecoin reserve after the trade; a pool of unknown depth ranks below any known).
 * A minute without such a trade takes the latest earlier minute's price, up to `carryMinutes`
 * back; beyond that the price is unknown (null). The source is `<venue type>:<pool>`.
 */
export function createSolUsdTracker(opts: { carryMinutes?: number } = {}): SolUsdTracker {
  const carry = opts.carryMinutes ?? 60;
  const minutes = new Map<number, { price: string; depth: bigint; source: string }>();
  const changed = new Set<number>();
  let latest = Number.NEGATIVE_INFINITY;

  return {
    observe(obs) {
      const minute = Math.floor(obs.at / MINUTE) * MINUTE;
      const depth = obs.depthQuote ?? -1n;
      const cur = minutes.get(minute);
      if (cur && depth < cur.depth) return;
      minutes.set(minute, { price: obs.priceUsd, depth, source: `${obs.venueType}:${obs.pool}` });
      changed.add(minute);
      latest = Math.max(latest, minute);
    },
    priceAt(atMs) {
      const minute = Math.floor(atMs / MINUTE) * MINUTE;
      if (minute - latest > carry * MINUTE) return null;
      for (let k = 0; k <= carry; k++) {
        const hit = minutes.get(minute - k * MINUTE);
        if (hit) return hit.price;
      }
      return null;
    },
    seed(points) {
      for (const p of points) {
        minutes.set(p.minute, { price: p.priceUsd, depth: -1n, source: p.source });
        latest = Math.max(latest, p.minute);
      }
    },
    drainChanged() {
      const out = [...changed]
        .sort((a, b) => a - b)
        .map((m) => {
          const v = minutes.get(m)!;
          return { minute: m, priceUsd: v.price, source: v.source };
        });
      changed.clear();
      return out;
    },
  };
}
