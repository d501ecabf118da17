/**
 * Whether every field of `desired` is present with the same value in `live`. Objects may carry more
 * fields in `live` (defaults, other managers); arrays must match element by element with the same length.
 * Numbers compare against their string forms too, as quantities come back normalised ("1" vs 1).
 */
export function isSubset(desired: unknown, live: unknown): boolean {
  if (desired === live) return true;
  if (desired === null || desired === undefined) return live === null || live === undefined;
  if (Array.isArray(desired)) {
    return (
      Array.isArray(live) && live.length === desired.length && desired.every((d, i) => isSubset(d, live[i]))
    );
  }
  if (typeof desired === "object") {
    if (typeof live !== "object" || live === null || Array.isArray(live)) return false;
    const l = live as Record<string, unknown>;
    return Object.entries(desired as Record<string, unknown>).every(
      ([k, v]) => v === undefined || isSubset(v, l[k]),
    );
  }
  if (typeof desired === "number" && typeof live === "string") return String(desired) === live;
  return false;
}
