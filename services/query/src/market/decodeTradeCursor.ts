import { InvalidParamError, type TradeOrder } from "@tapeline/core";
import type { TradeCursor } from "./encodeTradeCursor.ts";

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/**
 * Decodes a cursor made by `encodeTradeCursor`. A cursor belongs to its walk direction: passing
 * it with the other `order` is refused.
 * @throws InvalidParamError (`cursor`) for anything that is not such a cursor.
 */
export function decodeTradeCursor(input: string, order: TradeOrder): TradeCursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(input, "base64url").toString("utf8"));
  } catch {
    throw new InvalidParamError("cursor", "cursor is not a cursor from meta.nextCursor");
  }
  if (
    !Array.isArray(v) ||
    v.length !== 6 ||
    v[0] !== 1 ||
    (v[1] !== 0 && v[1] !== 1) ||
    !isInt(v[2]) ||
    !isInt(v[3]) ||
    !isInt(v[4]) ||
    typeof v[5] !== "string"
  ) {
    throw new InvalidParamError("cursor", "cursor is not a cursor from meta.nextCursor");
  }
  const cursorOrder: TradeOrder = v[1] === 1 ? "asc" : "desc";
  if (cursorOrder !== order) {
    throw new InvalidParamError("cursor", `cursor belongs to order=${cursorOrder}, not order=${order}`);
  }
  return { order, at: v[2], block: v[3], logIndex: v[4], id: v[5] };
}
