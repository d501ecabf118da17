import { InvalidParamError, PNL_LIMITS } from "@tapeline/core";
import { z } from "zod";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { documented } from "../../schema/documented.ts";
import { msTimeParam } from "../market/msTimeParam.ts";

const DAY_MS = 86_400_000;

/** Query parameters of `GET /v1/wallet/pnl`. */
export const walletPnlQuery = z.strictObject({
  chain: chainIdParam(),
  wallet: documented(z.string().min(1), {
    type: "string",
    description: "wallet address: EVM hex (case-insensitive) or Solana base58",
  }),
  from: msTimeParam({
    description: `first day of the curve (rounded down to its UTC midnight); default: ${PNL_LIMITS.daysDefault - 1} days before to's day, so the curve has ${PNL_LIMITS.daysDefault} days`,
  }).optional(),
  to: msTimeParam({
    description: `last day of the curve (rounded down to its UTC midnight; a later day than today is today); default now. At most ${PNL_LIMITS.daysMax} days from from's day`,
    maxAheadMs: DAY_MS,
  }).optional(),
});

/**
 * The curve's days: `from` and `to` rounded down to their UTC midnight, `to` defaulting to now
 * (a day after today is today) and `from` to the day making the curve `PNL_LIMITS.daysDefault`
 * days long.
 * @throws InvalidParamError naming `from` when it is after `to` or the range holds more than
 *   `PNL_LIMITS.daysMax` days
 */
export function walletPnlDays(
  p: { from?: number | undefined; to?: number | undefined },
  nowMs: number,
): { fromDay: number; toDay: number } {
  const today = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const toDay = Math.min(Math.floor((p.to ?? nowMs) / DAY_MS) * DAY_MS, today);
  const fromDay =
    p.from === undefined
      ? Math.max(0, toDay - (PNL_LIMITS.daysDefault - 1) * DAY_MS)
      : Math.floor(p.from / DAY_MS) * DAY_MS;
  if (fromDay > toDay) throw new InvalidParamError("from", "from is after to", { reason: "after_to" });
  if ((toDay - fromDay) / DAY_MS + 1 > PNL_LIMITS.daysMax)
    throw new InvalidParamError("from", `the curve holds at most ${PNL_LIMITS.daysMax} days`, {
      reason: "range_too_long",
      max: PNL_LIMITS.daysMax,
    });
  return { fromDay, toDay };
}
