import { JSON_ELEMENTS_PER_PART, jsonArrayParts } from "./jsonArrayParts.ts";
import { utf8Bytes } from "./utf8Bytes.ts";

/** Stands for `data` while the rest of the object is serialized (a NUL-framed text no answer holds). */
const HOLE = "\u0000data\u0000";
const HOLE_JSON = JSON.stringify(HOLE);

/**
 * The UTF-8 bytes of `JSON.stringify(value)`. An object whose `data` is an array of more than
 * one part's elements (a trade or candle page) has its rows serialized in parts (jsonArrayParts)
 * and the pieces joined once: serialized whole, a page of hundreds of kilobytes is a rope that
 * encoding must first flatten into a fresh large object, which cost more than serializing it.
 * Anything else (or an object whose other fields hold the stand-in text) is serialized whole.
 * @param rowsJson the JSON array text of some of the rows (`JSON.stringify` by default: one that
 *   writes the same text faster, as `candlesJson` does for candles)
 */
export function jsonBytes(
  value: object,
  rowsJson: (rows: readonly never[]) => string = JSON.stringify,
): Buffer {
  const data = (value as { data?: unknown }).data;
  if (
    !Array.isArray(data) ||
    data.length <= JSON_ELEMENTS_PER_PART ||
    typeof (value as { toJSON?: unknown }).toJSON === "function"
  )
    return utf8Bytes(JSON.stringify(value));
  const outer = JSON.stringify({ ...value, data: HOLE });
  const at = outer.indexOf(HOLE_JSON);
  if (outer.indexOf(HOLE_JSON, at + HOLE_JSON.length) >= 0) return utf8Bytes(JSON.stringify(value));
  return Buffer.concat([
    utf8Bytes(outer.slice(0, at)),
    ...jsonArrayParts(data as never[], rowsJson),
    utf8Bytes(outer.slice(at + HOLE_JSON.length)),
  ]);
}
