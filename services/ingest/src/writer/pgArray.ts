/** What {@link pgArray} writes: null and undefined are SQL NULL. */
export type PgArrayElement = string | number | bigint | boolean | null | undefined;

// Elements made only of these need no quotes in an array literal (hex, decimals, keys like evm:1/0x…).
const PLAIN = /^[0-9A-Za-z_.:/+-]+$/;

/**
 * A PostgreSQL array literal of `values`, for a `$n::type[]` parameter. The writer sends tens of
 * thousands of elements per batch; pg's own serializer quotes and escapes each of them, while
 * most (hashes, addresses, numbers) need neither, and a literal made once can be given to
 * several statements.
 */
export function pgArray(values: readonly PgArrayElement[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) parts[i] = "NULL";
    else if (typeof v !== "string") parts[i] = String(v);
    else if (PLAIN.test(v) && !(v.length === 4 && v.toUpperCase() === "NULL")) parts[i] = v;
    else {
      const escaped = v.includes("\\") ? v.replace(/\\/g, "\\\\") : v;
      parts[i] = `"${escaped.includes('"') ? escaped.replace(/"/g, '\\"') : escaped}"`;
    }
  }
  return `{${parts.join(",")}}`;
}
