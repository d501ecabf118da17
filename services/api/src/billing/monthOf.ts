/** The UTC calendar month (`YYYY-MM`) of a unix-ms time: the accounting period of credits. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}
