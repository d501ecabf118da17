/** A leg with a sent and a received asset. */
type Leg = { sent: { tokenAddress: string }; received: { tokenAddress: string } };

/**
 * Legs ordered from the sent asset to the received asset: each next leg is the first (in the
 * given execution order) whose sent asset no remaining leg still has to produce. Execution order
 * can run backwards (an exact-output multi-hop swaps its last pool first); a cycle (a round trip)
 * keeps execution order. `key` maps an address to its asset (native and wrapped native as one).
 */
export function orderRoute<L extends Leg>(
  legs: readonly L[],
  key: (a: { tokenAddress: string }) => string,
): L[] {
  const left = [...legs];
  const out: L[] = [];
  while (left.length > 0) {
    const i = left.findIndex((l) => !left.some((o) => o !== l && key(o.received) === key(l.sent)));
    out.push(...left.splice(i === -1 ? 0 : i, 1));
  }
  return out;
}
