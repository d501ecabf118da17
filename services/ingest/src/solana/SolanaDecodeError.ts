import { TapelineError } from "@tapeline/core";
/** A transaction the Solana decoders cannot read (no message, malformed fields). Not retryable. */
export class SolanaDecodeError extends TapelineError {
  override name = "SolanaDecodeError";
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
  }
}
