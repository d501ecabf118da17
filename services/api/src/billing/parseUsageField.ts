/** Splits a usage hash field `<keyId>|<endpoint>|<r|c|e>` (r requests, c credits, e errors). */
export function parseUsageField(
  field: string,
): { keyId: string; endpoint: string; field: "r" | "c" | "e" } | null {
  const first = field.indexOf("|");
  const last = field.lastIndexOf("|");
  if (first < 0 || last <= first) return null;
  const kind = field.slice(last + 1);
  if (kind !== "r" && kind !== "c" && kind !== "e") return null;
  return { keyId: field.slice(0, first), endpoint: field.slice(first + 1, last), field: kind };
}
