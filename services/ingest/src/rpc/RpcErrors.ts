import { TapelineError } from "@tapeline/core";
/**
 * A JSON-RPC error answer that is the node's real answer (a revert, invalid params): asking
 * another endpoint would give the same, so it is never failed over nor retried.
 */
export class RpcResponseError extends TapelineError {
  override name = "RpcResponseError";
  readonly code: number;
  readonly data: unknown;
  constructor(method: string, code: number, message: string, data?: unknown) {
    super(`${method}: ${message} (code ${code})`);
    this.code = code;
    this.data = data;
  }
}

/** Every endpoint failed (errors, timeouts, rate limits, lagging nodes) for all retries. */
export class RpcUnavailableError extends TapelineError {
  override name = "RpcUnavailableError";
  override readonly retryable = true;
  constructor(method: string, attempts: number, cause: unknown) {
    super(
      `${method}: no endpoint answered after ${attempts} attempts: ${(cause as Error)?.message ?? cause}`,
      {
        cause,
      },
    );
  }
}

/** One endpoint's transport failure (HTTP status, network, timeout, malformed body). */
export class RpcTransportError extends TapelineError {
  override name = "RpcTransportError";
  override readonly retryable = true;
  constructor(
    readonly endpoint: string,
    message: string,
    cause?: unknown,
  ) {
    super(`${endpoint}: ${message}`, { cause });
  }
}
