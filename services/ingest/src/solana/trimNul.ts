/** Strips trailing NUL bytes: Metaplex pads stored strings with them, and some clients send them too. */
export function trimNul(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 0) end--;
  return s.slice(0, end);
}
