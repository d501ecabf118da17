import type { ApiError } from "@tapeline/core";

/** An ApiError that carries response headers (X-RateLimit-*, Retry-After, X-Credits-Remaining). */
export type ApiErrorWithHeaders = ApiError & { headers: Record<string, string> };

/**
 * Attaches response headers to a refusal, so the HTTP layer sends them with the error body:
 * the app sets `err.headers` on the response when a thrown ApiError has them.
 */
export function withHeaders<E extends ApiError>(
  err: E,
  headers: Record<string, string>,
): E & ApiErrorWithHeaders {
  return Object.assign(err, { headers });
}
