import { InvalidParamError } from "@tapeline/core";
import type { WalletSwapCursor } from "./encodeWalletSwapCursor.ts";

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

/**
 * Decodes a cursor made by `encodeWalletSwapCursor`.
 * @throws InvalidParamError (`cursor`, or `param` for a batch item) for anything else.
 */
export function decodeWalletSwapCursor(input: string, param = "cursor"): WalletSwapCursor {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(input, "base64url").toString("utf8"));
  } catch {
    v = null;
  }
  if (
    !Array.isArray(v) ||
    v.length !== 5 ||
    v[0] !== "ws1" ||
    !isInt(v[1]) ||
    !isInt(v[2]) ||
    !isInt(v[3]) ||
    typeof v[4] !== "string" ||
    v[4].length === 0
  ) {
    throw new InvalidParamError(param, `${param} is not a cursor from a wallet swaps page`);
  }
  return { at: v[1], block: v[2], seq: v[3], txHash: v[4] };
}
