const TWO_32 = 4294967296;
const SAFE_HIGH = 0x200000; // a high word under 2^21 keeps the whole value under 2^53

/**
 * The little-endian u64 at `at` (token and lamport amounts in instruction data). Built from two
 * 32-bit words, and through one exact float when it fits, rather than eight bigint shifts: it
 * runs for every transfer of every transaction.
 */
export function u64At(data: Uint8Array, at: number): bigint {
  const lo = data[at]! + data[at + 1]! * 0x100 + data[at + 2]! * 0x10000 + data[at + 3]! * 0x1000000;
  const hi = data[at + 4]! + data[at + 5]! * 0x100 + data[at + 6]! * 0x10000 + data[at + 7]! * 0x1000000;
  if (hi < SAFE_HIGH) return BigInt(hi * TWO_32 + lo);
  return (BigInt(hi) << 32n) | BigInt(lo);
}
