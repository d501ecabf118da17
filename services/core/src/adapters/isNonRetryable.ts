/**
 * True for an error that says repeating cannot help: a TapelineError (NonRetryableJobError among
 * them) with `retryable: false`. Matched on the field, so an error from another copy of the
 * module counts too; an error that says nothing (a dropped connection) stays retryable.
 */
export function isNonRetryable(err: unknown): boolean {
  return err instanceof Error && (err as { retryable?: unknown }).retryable === false;
}
