import type { ApiError } from "@tapeline/core";
import type { Response } from "express";

/**
 * Writes an error response in the spec's shape `{ error: { code, message, details? } }`, with
 * `Retry-After` (seconds) for errors that carry `retryAfterMs` and any extra headers.
 */
export function sendError(res: Response, err: ApiError, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.set(headers);
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  if (typeof retryAfterMs === "number")
    res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  res.status(err.status).json(err.toBody());
}
