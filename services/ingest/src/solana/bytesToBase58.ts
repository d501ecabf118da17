const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

// Bytes are taken 3 at a time (a 24-bit number) and the base-58 digits are kept in limbs of
// 58^4 (under 2^24), so every intermediate product stays under 2^53 and the conversion runs on
// plain numbers instead of byte-wise arithmetic.
const LIMB = 58 * 58 * 58 * 58;
const DIGITS_PER_LIMB = 4;
const CHUNK_BYTES = 3;

/**
 * Encodes bytes as base58 (Bitcoin alphabet, as Solana uses): a public key, a signature.
 * @example bytesToBase58(Uint8Array.from([1, 2, 3, 4])) // "3yZe7d"
 */
export function bytesToBase58(bytes: Uint8Array): string {
  const n = bytes.length;
  let zeros = 0;
  while (zeros < n && bytes[zeros] === 0) zeros++;
  const limbs: number[] = [];
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
    for (let j = 0; j < limbs.length; j++) {
      const v = (limbs[j] as number) * mul + carry;
      carry = Math.floor(v / LIMB);
      limbs[j] = v - carry * LIMB;
    }
    while (carry > 0) {
      const next = Math.floor(carry / LIMB);
      limbs.push(carry - next * LIMB);
      carry = next;
    }
  }
  let out = "";
  for (let j = 0; j < limbs.length; j++) {
    let v = limbs[j] as number;
    const last = j === limbs.length - 1;
    for (let k = 0; k < DIGITS_PER_LIMB; k++) {
      if (last && v === 0) break;
      out = ALPHABET[v % 58] + out;
      v = Math.floor(v / 58);
    }
  }
  return "1".repeat(zeros) + out;
}
