import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiError } from "@tapeline/core";
import { writeJson } from "./writeJson.ts";

/**
 * Writes an error response in the spec's shape `{ error: { code, message, details? } }`, with
 * `Retry-After` (seconds) for errors that carry `retryAfterMs` and any extra headers.
 */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  err: ApiError,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  const retry: Record<string, string> =
    typeof retryAfterMs === "number"
      ? { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) }
      : {};
  writeJson(req, res, err.status, { ...headers, ...retry }, err.toBody());
}
