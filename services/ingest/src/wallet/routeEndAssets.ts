type Hop = { sent: string; received: string };

/**
 * The assets a wallet's route starts or ends with, from its legs in execution order (`sent` is
 * what entered the pool, `received` what left it; native and wrapped native already mapped to
 * one key by the caller). An asset is an end when a leg takes it before any leg produced it, or
 * a leg produces it after the last leg that took it; the rest only pass through. A round trip
 * (SOL → X → SOL) keeps SOL and drops X; two independent swaps keep all four ends.
 * @returns the end assets, in order of first appearance.
 */
export function routeEndAssets(legs: readonly Hop[]): string[] {
  const assets: string[] = [];
  for (const l of legs) {
    if (!assets.includes(l.sent)) assets.push(l.sent);
    if (!assets.includes(l.received)) assets.push(l.received);
  }
  return assets.filter((a) => {
    let firstIn = -1;
    let firstOut = -1;
    let lastIn = -1;
    let lastOut = -1;
    for (let i = 0; i < legs.length; i++) {
      const l = legs[i]!;
      if (l.sent === a) {
        if (firstIn === -1) firstIn = i;
        lastIn = i;
      }
      if (l.received === a) {
        if (firstOut === -1) firstOut = i;
        lastOut = i;
      }
    }
    return (
      (firstIn !== -1 && (firstOut === -1 || firstIn < firstOut)) || (lastOut !== -1 && lastOut > lastIn)
    );
  });
}
