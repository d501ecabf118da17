/**
 * A Postgres numeric as a served decimal string: trailing fractional zeros trimmed, exact
 * (never through a float). Null stays null.
 * @example decimalString("12.3400") // "12.34"
 */
export function decimalString(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "-0" ? "0" : trimmed;
}
