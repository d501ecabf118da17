import {
  ApiError,
  type ErrorCode,
  InvalidParamError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
} from "@tapeline/core";

/**
 * Rebuilds the ApiError a query pod answered (`{ error: { code, message, details? } }` with its
 * status), so the router answers its client exactly as the shard did.
 * @returns null when the body is not an error body.
 */
export function apiErrorFromBody(status: number, body: unknown): ApiError | null {
  const error = (body as { error?: unknown } | null)?.error as
    | { code?: unknown; message?: unknown; details?: unknown }
    | undefined;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string") return null;
  const details =
    error.details && typeof error.details === "object"
      ? (error.details as Record<string, unknown>)
      : undefined;
  const code = error.code as ErrorCode;
  const retryAfterMs = typeof details?.retryAfterMs === "number" ? details.retryAfterMs : undefined;
  switch (code) {
    case "INVALID_PARAM": {
      const { param, ...rest } = details ?? {};
      return new InvalidParamError(typeof param === "string" ? param : "query", error.message, rest);
    }
    case "NOT_FOUND":
      return new NotFoundError(error.message, details);
    case "UNAVAILABLE":
      return new UnavailableError(error.message, retryAfterMs ?? 1000);
    case "RATE_LIMITED": {
      const { retryAfterMs: _, ...rest } = details ?? {};
      return new RateLimitedError(error.message, retryAfterMs ?? 1000, rest);
    }
    default:
      return new ApiError(code, status, error.message, details ? { details } : {});
  }
}
