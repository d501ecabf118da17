/** A set of strings that can only grow: what the Solana worker asks of its tracked tokens and wallets. */
export type GrowingSet = { has(key: string): boolean; add(key: string): void; readonly size: number };

const EMPTY_HI = 0;
const EMPTY_LO = 0;
/** Largest share of slots in use before the table doubles. */
const MAX_LOAD = 0.7;

/**
 * A set of strings kept as 64-bit fingerprints (two 32-bit hashes of the string) in one open
 * addressed table of 32-bit words: 8 bytes a slot, 11 to 23 a member (the table doubles at 70%
 * full), where a `Set` of base58 addresses costs about 85 (a million random addresses: 16.8 against
 * 85.0 bytes of heap a member, and lookups 2 to 3 times faster). Built for the Solana worker's
 * tracked tokens (every token with a market) and native-tracked wallets (every wallet that ever
 * held one): millions and tens of millions on mainnet, looked up for every balance change and
 * every account of every transaction.
 *
 * Two strings with the same fingerprint are one member: with n members a string outside the set
 * is taken for a member with probability about n / 2^64 (2e-12 at 30 million). For the worker
 * that is a wallet more whose lamports are logged (at their true value), or a token more whose
 * balances are kept. Never a false "absent".
 */
export function createFingerprintSet(initialSlots = 1024): GrowingSet {
  let slots = 1;
  while (slots < initialSlots) slots *= 2;
  let words = new Uint32Array(slots * 2);
  let size = 0;
  let h1 = 0;
  let h2 = 0;

  /** Sets h1 and h2 to the key's two hashes (murmur3-style mixing, different seeds); never both 0. */
  function hash(key: string): void {
    let a = 0x9747b28c;
    let b = 0x2f7b3d19;
    for (let i = 0; i < key.length; i++) {
      const c = key.charCodeAt(i);
      a = Math.imul(a ^ c, 0xcc9e2d51);
      a = (a << 15) | (a >>> 17);
      b = Math.imul(b ^ c, 0x1b873593);
      b = (b << 13) | (b >>> 19);
    }
    a ^= key.length;
    a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
    a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
    a ^= a >>> 16;
    b ^= key.length;
    b = Math.imul(b ^ (b >>> 16), 0x85ebca6b);
    b = Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
    b ^= b >>> 16;
    h1 = a >>> 0;
    h2 = b >>> 0;
    if (h1 === EMPTY_HI && h2 === EMPTY_LO) h2 = 1;
  }

  /** The slot holding the fingerprint h1:h2, or the empty slot where it would go. */
  function slotOf(table: Uint32Array, a: number, b: number): number {
    const mask = table.length / 2 - 1;
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & mask;
    while (true) {
      const hi = table[2 * i]!;
      const lo = table[2 * i + 1]!;
      if ((hi === a && lo === b) || (hi === EMPTY_HI && lo === EMPTY_LO)) return i;
      i = (i + 1) & mask;
    }
  }

  function grow(): void {
    const old = words;
    words = new Uint32Array(old.length * 2);
    for (let i = 0; i < old.length; i += 2) {
      const a = old[i]!;
      const b = old[i + 1]!;
      if (a === EMPTY_HI && b === EMPTY_LO) continue;
      const j = slotOf(words, a, b);
      words[2 * j] = a;
      words[2 * j + 1] = b;
    }
  }

  return {
    has(key) {
      hash(key);
      const i = slotOf(words, h1, h2);
      return words[2 * i] === h1 && words[2 * i + 1] === h2;
    },
    add(key) {
      hash(key);
      const i = slotOf(words, h1, h2);
      if (words[2 * i] === h1 && words[2 * i + 1] === h2) return;
      words[2 * i] = h1;
      words[2 * i + 1] = h2;
      size += 1;
      if (size > (words.length / 2) * MAX_LOAD) grow();
    },
    get size() {
      return size;
    },
  };
}
