const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

// Bytes are taken 3 at a time (a 24-bit number) and the base-58 digits are kept in limbs of
// 58^4 (under 2^24), so every intermediate product stays under 2^53 and the conversion runs on
// plain numbers instead of byte-wise arithmetic.
const LIMB = 58 * 58 * 58 * 58;
const DIGITS_PER_LIMB = 4;
const CHUNK_BYTES = 3;
const INV_LIMB = 1 / LIMB;
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

// Limbs and characters are written into buffers kept between calls: events carry several keys
// each, and fresh arrays per key were most of this function's cost.
let scratch = new Float64Array(32);
let chars = new Uint8Array(128);

/**
 * Encodes bytes as base58 (Bitcoin alphabet, as Solana uses): a public key, a signature.
 * @example bytesToBase58(Uint8Array.from([1, 2, 3, 4])) // "3yZe7d"
 */
export function bytesToBase58(bytes: Uint8Array): string {
  const n = bytes.length;
  let zeros = 0;
  while (zeros < n && bytes[zeros] === 0) zeros++;
  const need = Math.ceil((n - zeros) / CHUNK_BYTES) + 2;
  if (scratch.length < need) scratch = new Float64Array(need * 2);
  const limbs = scratch;
  let len = 0;
  // Leading chunk first so the rest of the bytes fall in whole 3-byte chunks.
  let i = zeros;
  const head = (n - zeros) % CHUNK_BYTES;
  while (i < n) {
    const take = i === zeros && head !== 0 ? head : CHUNK_BYTES;
    let chunk = 0;
    for (let k = 0; k < take; k++) chunk = chunk * 256 + (bytes[i + k] as number);
    i += take;
    const mul = take === 3 ? 0x1000000 : take === 2 ? 0x10000 : 0x100;
    let carry = chunk;
    for (let j = 0; j < len; j++) {
      const v = (limbs[j] as number) * mul + carry;
      carry = Math.floor(v * INV_LIMB);
      limbs[j] = v - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry * INV_LIMB);
      limbs[len++] = carry - next * LIMB;
      carry = next;
    }
  }
  const max = zeros + len * DIGITS_PER_LIMB;
  if (chars.length < max) chars = new Uint8Array(max * 2);
  // digits least significant first, written from the end of the buffer
  let p = max;
  for (let j = 0; j < len; j++) {
    let v = limbs[j] as number;
    const last = j === len - 1;
    for (let k = 0; k < DIGITS_PER_LIMB; k++) {
      if (last && v === 0) break;
      const q = Math.floor(v / 58);
      chars[--p] = CODES[v - q * 58] as number;
      v = q;
    }
  }
  for (let z = 0; z < zeros; z++) chars[--p] = 49;
  return String.fromCharCode.apply(null, chars.subarray(p, max) as unknown as number[]);
}
