import { InvalidParamError } from "./errors.ts";

/** A chain id as served: `evm:<EIP-155 id>` or `solana`. */
export type ChainId = `evm:${number}` | "solana";
export type ChainFamily = "evm" | "solana";

const EVM_RE = /^evm:([1-9][0-9]{0,17})$/;

/**
 * Parses a chain id from input. `solana:solana` is accepted as `solana`.
 * @throws InvalidParamError naming `param` when the value is not a chain id.
 * @example parseChainId("evm:8453") // "evm:8453"
 */
export function parseChainId(input: unknown, param = "chain"): ChainId {
  if (typeof input !== "string") throw new InvalidParamError(param, `${param} must be a chain id string`);
  // Taken exactly as spelled: a blank, a byte-order mark or an encoded space is not a chain id.
  if (input === "solana" || input === "solana:solana") return "solana";
  const m = EVM_RE.exec(input);
  if (m) return `evm:${Number(m[1])}` as ChainId;
  throw new InvalidParamError(
    param,
    `${param} must be evm:<chain id> or solana, got ${JSON.stringify(input)}`,
  );
}

/** The family of a chain id. */
export function chainFamily(chain: ChainId): ChainFamily {
  return chain === "solana" ? "solana" : "evm";
}

/** The EIP-155 number of an EVM chain id. */
export function evmChainNumber(chain: ChainId): number {
  if (chain === "solana") throw new TypeError("solana has no EIP-155 id");
  return Number(chain.slice(4));
}

export function isEvm(chain: ChainId): chain is `evm:${number}` {
  return chain !== "solana";
}
