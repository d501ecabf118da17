import type { MainPool, SaleMethod } from "./MainPool.ts";
import { v2AmountOut } from "./v2AmountOut.ts";

/** What valuing a holding of a pool's base token needs. */
export type SaleInput = {
  method: SaleMethod;
  pool: MainPool;
  amountRaw: bigint;
  tokenDecimals: number;
  quoteDecimals: number | null;
  /** USD per whole quote unit, null when unknown */
  quoteUsd: number | null;
  /** USD per whole native unit, null when unknown */
  nativeUsd: number | null;
  /** `concentrated`: the pool's output for the whole amount (raw quote), null when not read */
  concentratedOut: bigint | null;
};

/**
 * USD the whole amount would fetch if sold into the main pool now (see README.md): the curve
 * price on a live bonding curve; constant product with the pool fee on the stored reserves; the
 * node-walked output of a concentrated pool; elsewhere the spot price less the pool fee. Null
 * when the pool has no usable reserves or price, or a needed rate or fee is unknown.
 */
export function saleProceedsUsd(x: SaleInput): number | null {
  const { pool } = x;
  const whole = Number(x.amountRaw) / 10 ** x.tokenDecimals;
  const quoteOut = (raw: bigint) =>
    x.quoteUsd === null || x.quoteDecimals === null
      ? null
      : (Number(raw) / 10 ** x.quoteDecimals) * x.quoteUsd;
  switch (x.method) {
    case "curve":
      return pool.priceNative === null || pool.priceNative <= 0 || x.nativeUsd === null
        ? null
        : whole * pool.priceNative * x.nativeUsd;
    case "constantProduct": {
      const baseIs0 = pool.token0 === pool.tokenAddress;
      const rIn = baseIs0 ? pool.reserve0 : pool.reserve1;
      const rOut = baseIs0 ? pool.reserve1 : pool.reserve0;
      if (rIn === null || rOut === null || rIn <= 0n || rOut <= 0n || pool.feeBps === null) return null;
      return quoteOut(v2AmountOut(x.amountRaw, rIn, rOut, pool.feeBps));
    }
    case "concentrated":
      return x.concentratedOut === null ? null : quoteOut(x.concentratedOut);
    case "spot":
      return pool.priceNative === null ||
        pool.priceNative <= 0 ||
        x.nativeUsd === null ||
        pool.feeBps === null
        ? null
        : whole * pool.priceNative * x.nativeUsd * (1 - pool.feeBps / 10_000);
  }
}
