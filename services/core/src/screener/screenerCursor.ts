import { createHash } from "node:crypto";
import { InvalidParamError } from "../errors.ts";

/** What a screener cursor carries: its view, the snapshot version pinned per chain, the offset. */
export type ScreenerCursor = { view: string; pins: Record<string, number>; offset: number };

/** A short digest of a view's canonical text (sortBy, sortOrder, timeframe, chains, filters). */
export function screenerViewId(canonicalView: string): string {
  return createHash("sha256").update(canonicalView).digest("base64url").slice(0, 16);
}

/** The opaque `nextCursor` of a page. */
export function encodeScreenerCursor(c: ScreenerCursor): string {
  return Buffer.from(JSON.stringify([c.view, c.pins, c.offset])).toString("base64url");
}

/**
 * Reads a cursor and checks it belongs to `view`.
 * @throws InvalidParamError (`cursor`, `details.reason` `malformed` or `other_view`)
 */
export function decodeScreenerCursor(text: string, view: string): ScreenerCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[0] !== "string" ||
    typeof parsed[1] !== "object" ||
    parsed[1] === null ||
    Array.isArray(parsed[1]) ||
    !Number.isSafeInteger(parsed[2]) ||
    parsed[2] < 0 ||
    !Object.values(parsed[1]).every((v) => Number.isSafeInteger(v))
  ) {
    throw new InvalidParamError("cursor", "cursor is not a screener cursor", { reason: "malformed" });
  }
  if (parsed[0] !== view) {
    throw new InvalidParamError(
      "cursor",
      "cursor belongs to another view: keep sortBy, sortOrder, timeframe, chains and filters of the walk",
      { reason: "other_view" },
    );
  }
  return { view: parsed[0], pins: parsed[1] as Record<string, number>, offset: parsed[2] };
}
