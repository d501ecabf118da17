import { InvalidParamError, type TradeOrder } from "@tapeline/core";
import type { TradeCursor } from "./encodeTradeCursor.ts";

/** Longest cursor accepted: a real one is about 150 characters; this bounds the decode work. */
const MAX_CURSOR_LENGTH = 512;
/** Largest log index Postgres `integer` holds; a larger one would fail in SQL, not here. */
const MAX_LOG_INDEX = 2_147_483_647;
/** Trade ids are printable ASCII (`<tx hash>:<log index>`, `<signature>:<path>:<side>`). */
const TRADE_ID_RE = /^[\x21-\x7e]{1,256}$/;

const isInt = (v: unknown, max = Number.MAX_SAFE_INTEGER): v is number =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= max;

/**
 * Decodes a cursor made by `encodeTradeCursor`. A cursor belongs to its walk direction: passing
 * it with the other `order` is refused. Every field is checked against the type and range of its
 * column, so a crafted cursor is a 400 and never reaches SQL.
 * @throws InvalidParamError (`cursor`) for anything that is not such a cursor.
 */
export function decodeTradeCursor(input: string, order: TradeOrder): TradeCursor {
  const refuse = (reason: string) =>
    new InvalidParamError("cursor", "cursor is not a cursor from meta.nextCursor", { reason });
  if (input.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(input)) throw refuse("not base64url");
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(input, "base64url").toString("utf8"));
  } catch {
    throw refuse("not JSON");
  }
  if (!Array.isArray(v) || v.length !== 6 || v[0] !== 1 || (v[1] !== 0 && v[1] !== 1)) {
    throw refuse("not a trade cursor");
  }
  if (!isInt(v[2]) || !isInt(v[3])) throw refuse("time or block out of range");
  if (!isInt(v[4], MAX_LOG_INDEX)) throw refuse("logIndex out of range");
  if (typeof v[5] !== "string" || !TRADE_ID_RE.test(v[5])) throw refuse("id is not a trade id");
  const cursorOrder: TradeOrder = v[1] === 1 ? "asc" : "desc";
  if (cursorOrder !== order) {
    throw new InvalidParamError("cursor", `cursor belongs to order=${cursorOrder}, not order=${order}`);
  }
  return { order, at: v[2], block: v[3], logIndex: v[4], id: v[5] };
}
