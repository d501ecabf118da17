/** Actions of a 402 (or close code 4402) that clear on their own: retry later, with backoff. */
export const SELF_CLEARING_ACTIONS: readonly string[] = [
  "account_pending",
  "verify_payment",
  "payment_processing",
];

/**
 * An error answer of the API: its HTTP status, the machine-readable `code` and `details`
 * (branch on these, never on `message`), and whether trying again can help.
 */
export class TapelineApiError extends Error {
  override readonly name = "TapelineApiError";
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  /** From `Retry-After` (429, 503), in milliseconds. */
  readonly retryAfterMs: number | null;

  constructor(opts: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown>;
    retryAfterMs?: number | null;
  }) {
    super(opts.message);
    this.status = opts.status;
    this.code = opts.code;
    this.details = opts.details;
    this.retryAfterMs = opts.retryAfterMs ?? null;
  }

  /** `details.action` of a 402 or 403, when the answer names one. */
  get action(): string | null {
    const a = this.details?.["action"];
    return typeof a === "string" ? a : null;
  }

  /**
   * True when the same call may succeed later without anyone acting: rate limits, a dependency
   * momentarily unavailable, a network failure, and the 402 actions that clear on their own.
   */
  get retryable(): boolean {
    if (this.status === 429 || this.status === 503 || this.status === 0) return true;
    return this.status === 402 && this.action !== null && SELF_CLEARING_ACTIONS.includes(this.action);
  }
}
