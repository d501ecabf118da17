import type { SolanaAccountInfo } from "../SolanaAccountReader.ts";
import { SolanaRpcError } from "./SolanaRpcError.ts";

/**
 * The account of a JSON-RPC `getAccountInfo` result asked with `encoding: "base64"`
 * (`{ context, value: null | { owner, data: [base64, "base64"], .. } }`); null when there is none.
 */
export function accountInfoFromRpc(result: unknown): SolanaAccountInfo | null {
  const value = (result as { value?: unknown } | null)?.value;
  if (value === null || value === undefined) return null;
  const v = value as { owner?: unknown; data?: unknown };
  const data = Array.isArray(v.data) ? v.data : null;
  if (typeof v.owner !== "string" || !data || typeof data[0] !== "string" || data[1] !== "base64") {
    throw new SolanaRpcError(-1, "getAccountInfo answered without base64 account data", false);
  }
  return { owner: v.owner, data: new Uint8Array(Buffer.from(data[0], "base64")) };
}
