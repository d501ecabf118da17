import { type ChainId, parseChainId } from "@tapeline/core";
import { z } from "zod";
import { documented } from "./documented.ts";
import { viaParser } from "./issue.ts";

/** A chain id (`evm:<id>` or `solana`; `solana:solana` accepted), parsed by core `parseChainId`. */
export function chainIdParam(opts: { description?: string } = {}) {
  return documented(z.string().transform(viaParser<string, ChainId>((v) => parseChainId(v))), {
    type: "string",
    pattern: "^(evm:[1-9][0-9]*|solana|solana:solana)$",
    examples: ["evm:1", "evm:8453", "solana"],
    description: opts.description ?? "chain id: evm:<EIP-155 chain id> or solana",
  });
}
