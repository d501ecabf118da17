/**
 * Fixed-size ABI word readers for event data and topics. Every event the ingest decodes has only
 * static fields, so reading 32-byte words by position is exact and much cheaper than a generic
 * ABI decoder on the hot path.
 */

/** The i-th 32-byte word of `data` as an unsigned integer. */
export function wordAt(data: string, i: number): bigint {
  const start = 2 + i * 64;
  if (data.length < start + 64) throw new RangeError(`log data too short for word ${i}`);
  return BigInt(`0x${data.slice(start, start + 64)}`);
}

/** Two's complement reinterpretation of an unsigned `bits`-wide integer. */
export function toSigned(value: bigint, bits: number): bigint {
  const v = BigInt.asUintN(bits, value);
  return v >= 1n << BigInt(bits - 1) ? v - (1n << BigInt(bits)) : v;
}

/** A signed word (int256 or a narrower signed type sign-extended into the word). */
export function signedWordAt(data: string, i: number, bits = 256): bigint {
  return toSigned(wordAt(data, i), bits);
}

/** A lowercase address held in a topic or a word (its low 20 bytes). */
export function addressFromWord(word: string): string {
  return `0x${word.slice(-40)}`.toLowerCase();
}

/** The address in the i-th data word. */
export function addressAt(data: string, i: number): string {
  const start = 2 + i * 64;
  if (data.length < start + 64) throw new RangeError(`log data too short for word ${i}`);
  return `0x${data.slice(start + 24, start + 64)}`.toLowerCase();
}

/** A signed small integer (int24) from a topic. */
export function int24FromTopic(topic: string): number {
  return Number(toSigned(BigInt(topic), 24));
}
