import type { StatsTrade } from "@tapeline/core";

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * A trade message of the `trades.<chain>` topic as the rolling stats take it. The topic carries
 * the trade as written (decimal strings, `pool`) or as an API trade row (numbers,
 * `poolAddress`); both read the same. USD is left to the reader's valuation.
 * @returns null for a message that is not a trade
 */
export function toStatsTrade(chain: string, payload: unknown): (StatsTrade & { id: string }) | null {
  if (typeof payload !== "object" || payload === null) return null;
  const p = payload as Record<string, unknown>;
  const pool = typeof p["poolAddress"] === "string" ? p["poolAddress"] : p["pool"];
  const at = num(p["at"]);
  if (typeof pool !== "string" || at === null || typeof p["id"] !== "string") return null;
  return {
    id: p["id"],
    market: `${chain}/${pool}`,
    at,
    isBuy: p["isBuy"] === true,
    maker: typeof p["maker"] === "string" ? p["maker"] : "",
    volumeNative: num(p["volumeNative"]) ?? 0,
    volumeUsd: null,
    feesNative: num(p["feesNative"]),
    feesUsd: null,
    priceNative: num(p["priceNative"]),
    isWash: typeof p["isWash"] === "boolean" ? p["isWash"] : null,
  };
}
