import { TOP_TRADER_LIMITS, TOP_TRADER_SORTS } from "@tapeline/core";
import { z } from "zod";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";

/** The ranking parameters shared by market and token top traders. */
export const rankingParams = {
  sortBy: documented(z.enum(TOP_TRADER_SORTS), {
    type: "string",
    enum: [...TOP_TRADER_SORTS],
    default: "pnl",
    description:
      "pnl: realizedPnlNative; bought: boughtNative; sold: soldNative; txns: buys + sells. Ties, and the wallets without a known native figure (last in either order), go by wallet address in the order's direction",
  }).default("pnl"),
  order: documented(z.enum(["desc", "asc"]), {
    type: "string",
    enum: ["desc", "asc"],
    default: "desc",
  }).default("desc"),
  limit: intParam({ min: 1, max: TOP_TRADER_LIMITS.limitMax, default: TOP_TRADER_LIMITS.limitDefault }),
};
