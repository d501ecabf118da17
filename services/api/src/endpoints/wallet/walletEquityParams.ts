import { EQUITY_LIMITS, equityStepMs, InvalidParamError } from "@tapeline/core";
import { z } from "zod";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { documented } from "../../schema/documented.ts";
import { msTimeParam } from "../market/msTimeParam.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Query parameters of `GET /v1/wallet/equity/history`. */
export const walletEquityQuery = z.strictObject({
  chain: chainIdParam(),
  wallet: documented(z.string().min(1), {
    type: "string",
    description: "wallet address: EVM hex (case-insensitive) or Solana base58",
  }),
  from: msTimeParam({
    description: `oldest time of the history, rounded down to the minute; default ${EQUITY_LIMITS.rangeDefaultMs / 3_600_000} hours before to. At most ${EQUITY_LIMITS.rangeMaxMs / DAY_MS} days before to`,
  }).optional(),
  to: msTimeParam({
    description:
      "latest time of the history, rounded down to the minute (a later minute than the request's is the request's); default now",
    maxAheadMs: DAY_MS,
  }).optional(),
});

/**
 * The history's range and spacing: `to` rounded down to the minute (default now, never after
 * now's minute), `from` rounded down to the minute (default `EQUITY_LIMITS.rangeDefaultMs` before
 * `to`), and the finest spacing keeping the points within `EQUITY_LIMITS.pointsMax`.
 * @throws InvalidParamError naming `from` when it is after `to` or more than
 *   `EQUITY_LIMITS.rangeMaxMs` before it
 */
export function walletEquityRange(
  p: { from?: number | undefined; to?: number | undefined },
  nowMs: number,
): { from: number; to: number; stepMs: number } {
  const minute = (t: number) => Math.floor(t / MINUTE_MS) * MINUTE_MS;
  const to = Math.min(minute(p.to ?? nowMs), minute(nowMs));
  const from = p.from === undefined ? Math.max(0, to - EQUITY_LIMITS.rangeDefaultMs) : minute(p.from);
  if (from > to) throw new InvalidParamError("from", "from is after to", { reason: "after_to" });
  if (to - from > EQUITY_LIMITS.rangeMaxMs)
    throw new InvalidParamError(
      "from",
      `the history spans at most ${EQUITY_LIMITS.rangeMaxMs / DAY_MS} days`,
      { reason: "range_too_long", maxMs: EQUITY_LIMITS.rangeMaxMs },
    );
  return { from, to, stepMs: equityStepMs(from, to) };
}
