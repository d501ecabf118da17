import { isSolanaAddress } from "@tapeline/core";
import { z } from "zod";
import { documented } from "./documented.ts";

const EVM_RE = /^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/;

/**
 * An address on either family: EVM hex (20 bytes, or a 32-byte pool id; lowercased) or a Solana
 * base58 32-byte key (kept as is). Whether it fits the request's chain is judged by the endpoint
 * with core `parseTokenAddress` / `parsePoolAddress` / `parseWalletAddress`, which know the chain.
 */
export function addressParam(opts: { description?: string } = {}) {
  const base = z.string().transform((v, ctx) => {
    if (EVM_RE.test(v)) return v.toLowerCase();
    if (isSolanaAddress(v)) return v;
    ctx.issues.push({
      code: "custom",
      message: "must be a hex EVM address or a base58 Solana address",
      input: v,
    });
    return z.NEVER;
  });
  return documented(base, {
    type: "string",
    description: opts.description ?? "EVM hex address (case-insensitive) or Solana base58 address",
  });
}
