const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const DIGITS = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));
const hi = (b: number): number => DIGITS[b >> 4]!;
const lo = (b: number): number => DIGITS[b & 15]!;

/** The first `n` bytes of instruction data as lowercase hex (an Anchor discriminator for n = 8). */
export function discriminatorHex(data: Uint8Array, n = 8): string {
  // an Anchor discriminator, every venue instruction's lookup key: one flat string at once, where
  // eight joined pieces made a string the key lookup then had to flatten
  if (n === 8 && data.length >= 8) {
    const a = data[0]!;
    const b = data[1]!;
    const c = data[2]!;
    const d = data[3]!;
    const e = data[4]!;
    const f = data[5]!;
    const g = data[6]!;
    const h = data[7]!;
    return String.fromCharCode(
      hi(a),
      lo(a),
      hi(b),
      lo(b),
      hi(c),
      lo(c),
      hi(d),
      lo(d),
      hi(e),
      lo(e),
      hi(f),
      lo(f),
      hi(g),
      lo(g),
      hi(h),
      lo(h),
    );
  }
  let s = "";
  const end = Math.min(n, data.length);
  for (let i = 0; i < end; i++) s += HEX[data[i] as number];
  return s;
}
