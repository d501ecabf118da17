import { isDependencyFailure } from "./health/isDependencyFailure.ts";

/** Machine codes of the API contract, plus the few the contract leaves to us (documented in the OpenAPI). */
export type ErrorCode =
  | "INVALID_PARAM"
  | "NOT_FOUND"
  | "PAYMENT_REQUIRED"
  | "QUOTA_EXCEEDED"
  | "FORBIDDEN"
  | "RATE_LIMITED"
  | "UNAUTHORIZED"
  | "PAYLOAD_TOO_LARGE"
  | "UNAVAILABLE"
  | "HOLDINGS_UNAVAILABLE"
  | "INTERNAL";

export type ErrorDetails = Record<string, unknown>;

/**
 * Base of the errors the system raises on purpose. `retryable` says whether repeating the
 * operation can succeed: a job whose processor throws one with `retryable: false` fails at once
 * (BullMQ's UnrecoverableError), and a worker loop gives up on it instead of backing off.
 * Subclasses set it through the constructor or with a field (`override readonly retryable = true`).
 */
export class TapelineError extends Error {
  override name = "TapelineError";
  readonly retryable: boolean;
  constructor(message: string, opts: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, { cause: opts.cause });
    this.retryable = opts.retryable ?? false;
  }
}

/**
 * Base of every error that can reach a client. It carries the spec's code, the HTTP status the
 * edge maps it to, optional `details`, and whether a worker may retry the operation that raised it.
 */
export class ApiError extends TapelineError {
  override name = "ApiError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    status: number,
    message: string,
    opts: { details?: ErrorDetails; cause?: unknown; retryable?: boolean } = {},
  ) {
    super(message, { cause: opts.cause, retryable: opts.retryable ?? false });
    this.code = code;
    this.status = status;
    this.details = opts.details;
  }

  /** The body of a failing response: `{ error: { code, message, details? } }`. */
  toBody(): { error: { code: ErrorCode; message: string; details?: ErrorDetails } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

/** 400: a malformed or unknown parameter. `details.param` names it. */
export class InvalidParamError extends ApiError {
  override name = "InvalidParamError";
  constructor(param: string, message: string, extra: ErrorDetails = {}) {
    super("INVALID_PARAM", 400, message, { details: { param, ...extra } });
  }
}

/** 404: unknown pool, token or other resource. */
export class NotFoundError extends ApiError {
  override name = "NotFoundError";
  constructor(message: string, details?: ErrorDetails) {
    super("NOT_FOUND", 404, message, details ? { details } : {});
  }
}

/** 401: missing or invalid API key. */
export class UnauthorizedError extends ApiError {
  override name = "UnauthorizedError";
  constructor(message: string, reason: "missing_key" | "invalid_key") {
    super("UNAUTHORIZED", 401, message, { details: { reason } });
  }
}

/** 402 `PAYMENT_REQUIRED`: the account needs a billing step; `details.action` says which. */
export class PaymentRequiredError extends ApiError {
  override name = "PaymentRequiredError";
  constructor(action: string, message: string) {
    super("PAYMENT_REQUIRED", 402, message, { details: { action } });
  }
}

/** 402 `QUOTA_EXCEEDED`: the monthly spend cap or allowance is reached. */
export class QuotaExceededError extends ApiError {
  override name = "QuotaExceededError";
  constructor(message: string, details?: ErrorDetails) {
    super("QUOTA_EXCEEDED", 402, message, details ? { details } : {});
  }
}

/** 403: the account may not make this call (suspension). */
export class ForbiddenError extends ApiError {
  override name = "ForbiddenError";
  constructor(action: string, message: string) {
    super("FORBIDDEN", 403, message, { details: { action } });
  }
}

/** 429: a rate limit was exceeded; `retryAfterMs` feeds the `Retry-After` header. */
export class RateLimitedError extends ApiError {
  override name = "RateLimitedError";
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs: number, details?: ErrorDetails) {
    super("RATE_LIMITED", 429, message, { details: { retryAfterMs, ...details }, retryable: true });
    this.retryAfterMs = retryAfterMs;
  }
}

/** 413: a request body over the size bound. */
export class PayloadTooLargeError extends ApiError {
  override name = "PayloadTooLargeError";
  constructor(limitBytes: number) {
    super("PAYLOAD_TOO_LARGE", 413, `request body exceeds ${limitBytes} bytes`, {
      details: { limitBytes },
    });
  }
}

/** 503: a dependency is momentarily unavailable; retry after `retryAfterMs`. */
export class UnavailableError extends ApiError {
  override name = "UnavailableError";
  readonly retryAfterMs: number;
  constructor(message: string, retryAfterMs = 1000, cause?: unknown) {
    super("UNAVAILABLE", 503, message, { retryable: true, cause, details: { retryAfterMs } });
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * 503 `HOLDINGS_UNAVAILABLE`: the chain's node could not read a wallet's holdings (wallet
 * positions are never served with holdings missing); retry after `retryAfterMs`.
 * `details.chain` names the chain, `details.retryAfterMs` the wait.
 */
export class HoldingsUnavailableError extends ApiError {
  override name = "HoldingsUnavailableError";
  readonly retryAfterMs: number;
  constructor(chain: string, message: string, retryAfterMs: number) {
    super("HOLDINGS_UNAVAILABLE", 503, message, { retryable: true, details: { chain, retryAfterMs } });
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * Maps anything thrown to an ApiError: a dependency that is down or stalled (see
 * isDependencyFailure) becomes 503 `UNAVAILABLE` with Retry-After; any other unknown error a 500
 * that leaks no internals.
 */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (isDependencyFailure(err))
    return new UnavailableError("a dependency is momentarily unavailable", 1000, err);
  return new ApiError("INTERNAL", 500, "internal error", { cause: err });
}
