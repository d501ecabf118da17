/** What went wrong in the local devnet; stable, for callers that branch on it. */
export type DevnetErrorCode =
  | "ANVIL_NOT_FOUND"
  | "ANVIL_START_FAILED"
  | "ARTIFACT_MISSING"
  | "COMPILE_FAILED"
  | "TX_FAILED";

/** An error of the local EVM devnet (anvil process, contract artifacts, setup transactions). */
export class DevnetError extends Error {
  override name = "DevnetError";
  readonly code: DevnetErrorCode;

  constructor(code: DevnetErrorCode, message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.code = code;
  }
}
