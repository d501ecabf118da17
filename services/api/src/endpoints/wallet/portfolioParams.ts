import { type ChainId, InvalidParamError, PORTFOLIO_LIMITS, parseTokenAddress } from "@tapeline/core";
import { z } from "zod";
import { boolParam } from "../../schema/boolParam.ts";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { csvParam } from "../../schema/csvParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { numberParam } from "../../schema/numberParam.ts";

const walletParam = documented(z.string().min(1), {
  type: "string",
  description: "wallet address: EVM hex (case-insensitive) or Solana base58",
});

const tokensParam = csvParam(z.string(), {
  min: 1,
  max: PORTFOLIO_LIMITS.tokensMax,
  description: "token addresses of the wallet's chain; rows and summary cover only these",
});

/** Query parameters of `GET /v1/wallet/positions`. */
export const walletPositionsQuery = z.strictObject({
  chain: chainIdParam(),
  wallet: walletParam,
  tokens: tokensParam.optional(),
  minValueUsd: numberParam({
    min: 0,
    default: PORTFOLIO_LIMITS.minValueUsdDefault,
    description:
      "rows worth less are left out (0 keeps every row); a traded position whose value is unknown is always listed",
  }),
  includeNative: boolParam({ default: false, description: "adds the native balance row (kind native)" }),
  includeStables: boolParam({ default: false, description: "adds USD stablecoin rows (kind stable)" }),
  limit: intParam({
    min: 1,
    max: PORTFOLIO_LIMITS.positionsLimitMax,
    description: "omit for every row",
  }).optional(),
  offset: intParam({ min: 0, max: Number.MAX_SAFE_INTEGER, default: 0 }),
});

/** Query parameters of `GET /v1/wallet/closed-positions`. */
export const walletClosedPositionsQuery = z.strictObject({
  wallet: walletParam,
  chain: chainIdParam().optional(),
  tokens: tokensParam.optional(),
  limit: intParam({
    min: 1,
    max: PORTFOLIO_LIMITS.closedLimitMax,
    default: PORTFOLIO_LIMITS.closedLimitDefault,
  }),
  offset: intParam({ min: 0, max: 1_000_000, default: 0 }),
  sort: documented(z.enum(["lastTradeAt", "pnl"]), {
    type: "string",
    enum: ["lastTradeAt", "pnl"],
    default: "lastTradeAt",
    description: "lastTradeAt: newest exit first; pnl: largest realized PnL first",
  }).default("lastTradeAt"),
});

/**
 * The `tokens` list judged against the chain (EVM hex lowercased, `0xeeee…` as the native coin;
 * Solana base58), duplicates dropped.
 * @throws InvalidParamError naming `tokens`
 */
export function parsePortfolioTokens(chain: ChainId, tokens: readonly string[] | undefined): string[] | null {
  if (!tokens) return null;
  const out = tokens.map((t) => {
    try {
      return parseTokenAddress(chain, t, "tokens");
    } catch (err) {
      if (err instanceof InvalidParamError)
        throw new InvalidParamError("tokens", `tokens: ${t} is not a token address of ${chain}`);
      throw err;
    }
  });
  return [...new Set(out)];
}
