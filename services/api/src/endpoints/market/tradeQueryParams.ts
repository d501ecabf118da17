import { z } from "zod";
import { csvParam } from "../../schema/csvParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { numberParam } from "../../schema/numberParam.ts";
import { msTimeParam } from "./msTimeParam.ts";

const SEVEN_DAYS_MS = 7 * 86_400_000;

/**
 * Query parameters shared by the market and token trade tapes, with the names given to the
 * filters the contract lists: `maker` (participant address), `side` (`buy` or `sell`),
 * `minAmountToken`, `minVolumeNative`, `minVolumeUsd` (lower bounds, >= 0; an unknown value never
 * passes), `order` (`desc` newest first, default; `asc` oldest first), `wash` (Solana only:
 * `washOnly` keeps wash trades, `excludeWash` drops them) and `include` (CSV opt-in:
 * `traderTxCounts` adds each row's `traderTxCount`). `limit` defaults to 100.
 */
export const tradeQueryParams = {
  fromAt: msTimeParam({ description: "inclusive lower bound" }).optional(),
  toAt: msTimeParam({ description: "inclusive upper bound", maxAheadMs: SEVEN_DAYS_MS }).optional(),
  cursor: documented(z.string().min(1).max(512), {
    type: "string",
    description: "opaque, from meta.nextCursor",
  }).optional(),
  limit: intParam({ min: 1, max: 500, default: 100 }),
  maker: documented(z.string().min(1), {
    type: "string",
    description: "participant address: only this maker's trades",
  }).optional(),
  side: documented(z.enum(["buy", "sell"]), {
    type: "string",
    enum: ["buy", "sell"],
    description: "only buys or only sells",
  }).optional(),
  minAmountToken: numberParam({ min: 0, description: "minimum amount in whole tokens" }).optional(),
  minVolumeNative: numberParam({ min: 0, description: "minimum value in the native coin" }).optional(),
  minVolumeUsd: numberParam({
    min: 0,
    description: "minimum value in USD (priced like volumeUsd)",
  }).optional(),
  order: documented(z.enum(["desc", "asc"]), {
    type: "string",
    enum: ["desc", "asc"],
    default: "desc",
    description: "desc: newest first; asc: oldest first. A cursor belongs to its order.",
  }).default("desc"),
  wash: documented(z.enum(["washOnly", "excludeWash"]), {
    type: "string",
    enum: ["washOnly", "excludeWash"],
    description: "Solana only: washOnly keeps only wash trades, excludeWash drops them",
  }).optional(),
  include: csvParam(z.enum(["traderTxCounts"]), {
    min: 1,
    max: 1,
    description:
      "opt-in fields: traderTxCounts adds traderTxCount (the maker's trade count on the tape's markets) to each row",
  }).optional(),
};
