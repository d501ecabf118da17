import { InvalidParamError } from "@tapeline/core";

/** The time bounds of a wallet swaps call as passed, under either accepted name. */
export type WalletSwapBoundsInput = {
  from?: number | undefined;
  fromAt?: number | undefined;
  to?: number | undefined;
  beforeAt?: number | undefined;
};

/**
 * Resolves the bounds of a wallet swaps call: `fromAt` is the former name of `from`, `beforeAt`
 * the former form of the upper bound (strict, where `to` is inclusive); one name per bound.
 * @throws InvalidParamError when both names of a bound are passed, or the lower bound is after the upper.
 */
export function walletSwapBounds(p: WalletSwapBoundsInput): {
  from: number | null;
  to: number | null;
  beforeAt: number | null;
} {
  if (p.from !== undefined && p.fromAt !== undefined)
    throw new InvalidParamError("fromAt", "from and fromAt are one bound: pass one of them", {
      reason: "both_names",
    });
  if (p.to !== undefined && p.beforeAt !== undefined)
    throw new InvalidParamError("beforeAt", "to and beforeAt are one bound: pass one of them", {
      reason: "both_names",
    });
  const from = p.from ?? p.fromAt ?? null;
  const to = p.to ?? null;
  if (from !== null && to !== null && from > to) throw new InvalidParamError("from", "from is after to");
  if (from !== null && p.beforeAt !== undefined && from >= p.beforeAt)
    throw new InvalidParamError("from", "from is not before beforeAt");
  return { from, to, beforeAt: p.beforeAt ?? null };
}
