import { NonRetryableJobError } from "../ports/queue.ts";

/** True for a NonRetryableJobError, also one from another copy of the module (matched by name). */
export function isNonRetryable(err: unknown): boolean {
  return err instanceof NonRetryableJobError || (err instanceof Error && err.name === "NonRetryableJobError");
}
