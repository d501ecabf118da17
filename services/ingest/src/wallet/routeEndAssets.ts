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
  const assets = [...new Set(legs.flatMap((l) => [l.sent, l.received]))];
  return assets.filter((a) => {
    const firstIn = legs.findIndex((l) => l.sent === a);
    const firstOut = legs.findIndex((l) => l.received === a);
    const lastIn = legs.findLastIndex((l) => l.sent === a);
    const lastOut = legs.findLastIndex((l) => l.received === a);
    return (
      (firstIn !== -1 && (firstOut === -1 || firstIn < firstOut)) || (lastOut !== -1 && lastOut > lastIn)
    );
  });
}
