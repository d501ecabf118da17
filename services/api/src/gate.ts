import type { Caller, EndpointDef } from "./endpoint.ts";

/**
 * The commercial edge in front of every endpoint: authentication, rate limits and credits.
 * The app calls `admit` before the handler and `settle` after it; the dev stack and tests can
 * run with `openGate` (no key needed), production with the billing gate.
 */
export interface RequestGate {
  /**
   * Authenticates and applies rate limits and credit pre-checks. Throws an ApiError
   * (UNAUTHORIZED, RATE_LIMITED, PAYMENT_REQUIRED, QUOTA_EXCEEDED, FORBIDDEN) to refuse.
   * `items` is the batch size (1 for single calls). An error thrown here may carry a `headers`
   * record (see `GateRefusal`), which the app puts on the error response (e.g. `X-RateLimit-*`,
   * `X-Credits-Remaining: 0` on a 402).
   */
  admit(input: GateInput): Promise<Admission>;
}

export type GateInput = {
  endpoint: EndpointDef;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
  items: number;
};

export type Admission = {
  caller: Caller | null;
  /** Headers to put on the response whatever its status (X-RateLimit-*). */
  headers: Record<string, string>;
  /**
   * Called once with the final status and served item count, before the answer is written.
   * Returns the headers of the billed response (X-Credits-Remaining), or throws QUOTA_EXCEEDED
   * when the credits ran out between admit and settle (the response then becomes 402). Bills
   * only a 2xx that reached the client: the charge waits for `delivered`.
   */
  settle(result: SettleInput): Promise<Record<string, string>>;
};

export type SettleInput = {
  status: number;
  servedItems: number;
  /**
   * Resolves true once the whole answer was handed to the connection, false when the connection
   * closed before (the client left or timed out: nothing is billed). Omitted: delivered.
   */
  delivered?: Promise<boolean>;
};

/** Optional shape of an error thrown by `admit` or `settle`: headers for the error response. */
export type GateRefusal = { headers?: Record<string, string> };

/** A gate that lets everything through unbilled (dev stack without billing, internal listeners). */
export const openGate: RequestGate = {
  async admit() {
    return { caller: null, headers: {}, settle: async () => ({}) };
  },
};
