import { TapelineError } from "@tapeline/core";

/** A JSON-RPC error answer of a Solana node (`code` as the node sent it). */
export class SolanaRpcError extends TapelineError {
  override name = "SolanaRpcError";
  readonly code: number;
  constructor(code: number, message: string, retryable: boolean) {
    super(message, { retryable });
    this.code = code;
  }
}

/** The slot was skipped or is missing from the node's ledger / long-term storage: no block there. */
export const SLOT_SKIPPED_CODES: ReadonlySet<number> = new Set([-32007, -32009]);
/** The block is not available yet (or this node lags): ask again, or ask another node. */
export const BLOCK_NOT_AVAILABLE = -32004;
