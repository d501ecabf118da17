/**
 * The wire form of a batch answer from a shard: the body is a JSON array of serialized slots in
 * the request's item order, and {@link SLOT_LENGTHS_HEADER} lists each slot's byte length, so the
 * router cuts the body into slots and places them without parsing any of them.
 */

/** Response header listing the byte length of every slot, comma-separated, in body order. */
export const SLOT_LENGTHS_HEADER = "x-slot-lengths";

const OPEN = 0x5b; // [
const COMMA = 0x2c;
const CLOSE = 0x5d; // ]

/** Joins serialized slots into a batch body and its lengths header. */
export function joinSlots(slots: readonly Buffer[]): { body: Buffer; lengths: string } {
  const parts: Buffer[] = [Buffer.from("[")];
  slots.forEach((slot, i) => {
    if (i > 0) parts.push(Buffer.from(","));
    parts.push(slot);
  });
  parts.push(Buffer.from("]"));
  return { body: Buffer.concat(parts), lengths: slots.map((s) => s.length).join(",") };
}

/**
 * Cuts a batch body into its slots by the lengths header (views into `body`, no copy).
 * @throws Error when the header does not describe `count` slots framing the body exactly.
 */
export function splitSlots(body: Buffer, lengths: string | undefined, count: number): Buffer[] {
  if (count === 0 && body.length === 2 && body[0] === OPEN && body[1] === CLOSE) return [];
  const sizes = lengths ? lengths.split(",").map(Number) : [];
  if (sizes.length !== count || body[0] !== OPEN)
    throw new Error(`batch answer holds ${sizes.length} slots, expected ${count}`);
  const slots: Buffer[] = [];
  let at = 1;
  for (const [i, size] of sizes.entries()) {
    if (!Number.isInteger(size) || size < 2 || at + size >= body.length)
      throw new Error(`batch answer slot ${i} overruns the body`);
    const end = at + size;
    if (body[end] !== (i === sizes.length - 1 ? CLOSE : COMMA))
      throw new Error(`batch answer slot ${i} is not framed by its length`);
    slots.push(body.subarray(at, end));
    at = end + 1;
  }
  if (at !== body.length) throw new Error("batch answer has bytes after its last slot");
  return slots;
}
