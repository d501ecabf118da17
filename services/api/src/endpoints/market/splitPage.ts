import { jsonArrayParts } from "@tapeline/core";

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

/**
 * A page's rows as pieces of a body, `{"data":[...]` with the object left open, and its other
 * fields: cut where the rows end (`splitPage`), or, for a page laid out otherwise (a shard of
 * another version, during a rollout), parsed whole with its rows serialized in parts.
 * @param rowsJson the JSON array text of some of the rows, for a page parsed whole
 * @throws Error when `page` is not a page (an object with a `data` array)
 */
export function pageParts(
  page: Buffer,
  fields: readonly string[],
  rowsJson: (rows: readonly never[]) => string = JSON.stringify,
): { rows: (string | Buffer)[]; fields: Record<string, unknown> } {
  const cut = splitPage(page, fields);
  if (cut) return { rows: [cut.rows], fields: cut.fields };
  const whole = JSON.parse(page.toString("utf8")) as { data?: unknown } | null;
  if (whole === null || typeof whole !== "object" || !Array.isArray(whole.data))
    throw new Error("not a serialized page");
  return { rows: ['{"data":', ...jsonArrayParts(whole.data as never[], rowsJson)], fields: whole };
}
