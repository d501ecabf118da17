import { InvalidParamError } from "@tapeline/core";

/** Where a holders page stopped: the last row's balance, address and rank, for one token. */
export type HolderCursor = { balance: string; holder: string; rank: number };

/** Opaque cursor of the holders keyset (balance desc, holder asc), bound to its token. */
export function encodeHolderCursor(tokenKey: string, c: HolderCursor): string {
  return Buffer.from(JSON.stringify([tokenKey, c.balance, c.holder, c.rank])).toString("base64url");
}

/** @throws InvalidParamError naming `cursor` when it is malformed or of another token */
export function decodeHolderCursor(tokenKey: string, cursor: string): HolderCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== tokenKey ||
    typeof parsed[1] !== "string" ||
    !/^[1-9][0-9]{0,77}$/.test(parsed[1]) ||
    typeof parsed[2] !== "string" ||
    parsed[2].length === 0 ||
    parsed[2].length > 64 ||
    !Number.isSafeInteger(parsed[3]) ||
    parsed[3] < 1
  )
    throw new InvalidParamError(
      "cursor",
      "not a cursor of this token's holders (pass meta.nextCursor as given)",
    );
  return { balance: parsed[1], holder: parsed[2], rank: parsed[3] };
}
