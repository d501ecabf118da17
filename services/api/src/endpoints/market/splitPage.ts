const HEAD = Buffer.from('{"data":');

/**
 * A page as a shard serialized it, `{ data, <first>, ...the other fields }`, cut where its rows end
 * without parsing them: the rows as `{"data":[...]` (the object left open) and the other fields,
 * parsed. The last `,"<first>":` is the page's own key: a raw quote never occurs inside a JSON
 * string, and no row has that key. Null when the page is not laid out so: when a field of
 * `fields` is not after the cut, or the rows' part does not end an array; the caller then parses
 * the page whole (a shard of another version, during a rollout).
 */
export function splitPage(
  page: Buffer,
  fields: readonly string[],
): { rows: Buffer; fields: Record<string, unknown> } | null {
  const first = fields[0];
  if (first === undefined || !page.subarray(0, HEAD.length).equals(HEAD)) return null;
  const at = page.lastIndexOf(`,${JSON.stringify(first)}:`);
  if (at < 0 || page[at - 1] !== 0x5d /* ] */) return null;
  let rest: unknown;
  try {
    rest = JSON.parse(`{${page.subarray(at + 1).toString("utf8")}`);
  } catch {
    return null;
  }
  if (rest === null || typeof rest !== "object" || !fields.every((f) => Object.hasOwn(rest, f))) return null;
  return { rows: page.subarray(0, at), fields: rest as Record<string, unknown> };
}
