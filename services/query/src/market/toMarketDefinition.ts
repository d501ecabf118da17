import { formatUnits, type MarketDefinition } from "@tapeline/core";
import { decimalString } from "./decimalString.ts";
import type { PoolRow } from "./readPoolRows.ts";

/** Whole-token total supply as a decimal string, when supply and decimals are known. */
export function wholeSupply(raw: string | null, decimals: number | null): string | null {
  if (raw === null || decimals === null) return null;
  return formatUnits(BigInt(raw), decimals);
}

/** The served market definition of a stored market. */
export function toMarketDefinition(p: PoolRow): MarketDefinition {
  return {
    chain: p.chain,
    address: p.address,
    type: p.venueType,
    factory: p.factory,
    launchpad: p.launchpad,
    // the venue type only for a factory no registry names (its pools carry no name either)
    exchange: { name: p.exchangeName ?? p.venueType, logo: p.logoUrl },
    feeBps: p.feeBps,
    token: {
      address: p.tokenAddress,
      name: p.token.name,
      symbol: p.token.symbol,
      decimals: p.token.decimals,
      totalSupply: wholeSupply(p.token.totalSupply, p.token.decimals),
    },
    quote: { address: p.quoteAddress, symbol: p.quote.symbol },
    priceNative: decimalString(p.priceNative),
    liquidityNative: decimalString(p.liquidityNative),
    isLaunchpad: p.isLaunchpad,
    bondingProgress: p.bondingProgress,
    migrated: p.migrated,
    createdAt: p.createdAt,
  };
}
