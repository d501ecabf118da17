import type { ChainId } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import { readUsdRates } from "../market/readUsdRates.ts";
import { USD_RATE_MAX_AGE_MS } from "../market/usdRateMaxAgeMs.ts";

/**
 * The native/USD rate of each swap's minute, by the trade tape's rule: the latest stored minute
 * at or before the swap's own and less than USD_RATE_MAX_AGE_MS before it; null when none.
 * @returns the rate per given time, in order.
 */
export async function readSwapMinuteRates(
  db: MarketDb,
  chain: ChainId,
  ats: readonly number[],
): Promise<(number | null)[]> {
  const minutes = [...new Set(ats.map((at) => Math.floor(at / 60_000) * 60_000))];
  const rates = await readUsdRates(
    db,
    chain,
    minutes.map((m) => ({ atMs: m, notBeforeMs: m - USD_RATE_MAX_AGE_MS + 1 })),
  );
  const byMinute = new Map(minutes.map((m, i) => [m, rates[i] ?? null]));
  return ats.map((at) => byMinute.get(Math.floor(at / 60_000) * 60_000) ?? null);
}
