import { z } from "zod";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { MS_THRESHOLD } from "../market/candleTimeParam.ts";
import { msTimeParam } from "../market/msTimeParam.ts";

const walletParam = documented(z.string().min(1), {
  type: "string",
  description: "wallet address: EVM hex (case-insensitive) or Solana base58",
});

/** Query parameters of `GET /v1/wallet/swaps`. */
export const walletSwapQuery = z.strictObject({
  chain: chainIdParam(),
  wallet: walletParam,
  cursor: documented(z.string().min(1).max(512), {
    type: "string",
    description: "opaque, from meta.nextCursor; exact keyset (never skips or repeats a transaction)",
  }).optional(),
  limit: intParam({ min: 1, max: 100, default: 50 }),
  from: msTimeParam({ description: "inclusive lower bound" }).optional(),
  to: msTimeParam({ description: "inclusive upper bound" }).optional(),
  beforeAt: msTimeParam({
    description: "swaps strictly older (former form of the upper bound; not with to)",
  }).optional(),
  fromAt: msTimeParam({
    description: "inclusive lower bound, former name of from (not with from)",
  }).optional(),
});

/** Query parameters of `GET /v1/wallet/trades`. */
export const walletTradeQuery = z.strictObject({
  chain: chainIdParam(),
  wallet: walletParam,
  limit: intParam({ min: 1, max: 100, default: 50 }),
  beforeAt: documented(
    z
      .string()
      .regex(/^(0|[1-9][0-9]{0,15})(\.[0-9]{1,12})?$/, "must be a non-negative number (unix milliseconds)")
      .transform(Number)
      .superRefine((v, ctx) => {
        if (v > 0 && v < MS_THRESHOLD)
          ctx.addIssue({
            code: "custom",
            message: "is in seconds; send unix milliseconds",
            params: { reason: "seconds" },
          });
      }),
    {
      type: "number",
      minimum: 0,
      description:
        "EVM only: trades strictly older; pass meta.oldestAt, which carries a fraction when a page ends inside a millisecond. Unix milliseconds; a positive value below 10^11 is read as seconds and refused with 400.",
    },
  ).optional(),
});
