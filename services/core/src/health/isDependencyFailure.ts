/** Socket-level codes of a dependency that is down, unreachable or cut off mid-call. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** Messages of ioredis and pg when a server stalls, refuses or drops the connection. */
const MESSAGES = [
  /^Command timed out$/, // ioredis commandTimeout
  /^Stream isn't writeable/, // ioredis without an offline queue while disconnected
  /^Connection is closed\.?$/, // ioredis
  /^Reached the max retries per request limit/, // ioredis MaxRetriesPerRequestError
  /^Query read timeout$/, // pg query_timeout
  /^timeout exceeded when trying to connect$/, // pg-pool connectionTimeoutMillis
  /^Connection terminated/, // pg: the server or the network closed the connection
  /^connection timeout$/i,
  /^timeout expired$/, // pg connect timeout
  /^Client has encountered a connection error and is not queryable$/, // pg
];

/**
 * Whether `err` says a dependency (Redis, Postgres, a node) is down, stalled or unreachable,
 * rather than that the request or the code is wrong: socket errors, client-side timeouts of
 * ioredis and pg, and Postgres's own codes for a cancelled statement (57014, statement_timeout),
 * a server shutting down (57P01-57P03) and a lost connection (class 08). Such a failure is
 * answered 503 with Retry-After, never 500: retrying later can help.
 * Follows `cause` chains (at most 5 deep).
 */
export function isDependencyFailure(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === "object"; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code)) return true;
      if (code === "57014" || code === "57P01" || code === "57P02" || code === "57P03") return true;
      if (code.length === 5 && code.startsWith("08")) return true;
    }
    if (name === "MaxRetriesPerRequestError") return true;
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
