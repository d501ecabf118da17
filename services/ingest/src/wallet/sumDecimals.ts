import { formatUnits, parseUnits } from "@tapeline/core";

const SCALE = 18;

/**
 * Exact sum of decimal strings (to 18 places).
 * @returns null when the list is empty or any term is unknown.
 */
export function sumDecimals(values: readonly (string | null)[]): string | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  let total = 0n;
  for (const v of values) total += parseUnits(v as string, SCALE);
  return formatUnits(total, SCALE);
}
