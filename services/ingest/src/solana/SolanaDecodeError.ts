/** A transaction the Solana decoders cannot read (no message, malformed fields). Not retryable. */
export class SolanaDecodeError extends Error {
  override name = "SolanaDecodeError";
  readonly retryable = false;
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
  }
}
