const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The first `n` bytes of instruction data as lowercase hex (an Anchor discriminator for n = 8). */
export function discriminatorHex(data: Uint8Array, n = 8): string {
  let s = "";
  const end = Math.min(n, data.length);
  for (let i = 0; i < end; i++) s += HEX[data[i] as number];
  return s;
}
