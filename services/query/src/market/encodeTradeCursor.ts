import type { TradeOrder } from "@tapeline/core";

/** The keyset position of a trade in a tape: (at, block, logIndex, id), plus the walk direction. */
export type TradeCursor = { order: TradeOrder; at: number; block: number; logIndex: number; id: string };

/**
 * Encodes a tape position as an opaque cursor (base64url JSON). The next page holds the trades
 * strictly after this position in the walk's order, so a walk never skips or repeats a trade.
 */
export function encodeTradeCursor(c: TradeCursor): string {
  return Buffer.from(
    JSON.stringify([1, c.order === "asc" ? 1 : 0, c.at, c.block, c.logIndex, c.id]),
  ).toString("base64url");
}
