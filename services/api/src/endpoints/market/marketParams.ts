import { type ChainId, parsePoolAddress } from "@tapeline/core";
import { z } from "zod";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { documented } from "../../schema/documented.ts";

/** `chain` and `address` of single market calls; the address is judged against the chain by the handler. */
export const refQuery = {
  chain: chainIdParam(),
  address: documented(z.string().min(1), {
    type: "string",
    description: "EVM hex address (case-insensitive) or Solana base58 address",
  }),
};

/** A CSV of 1 to `max` pool addresses, judged against the chain by `parsePools`. */
export function poolsCsvParam(max: number, description: string) {
  return documented(
    z
      .string()
      .transform((v) => v.split(","))
      .pipe(
        z
          .array(z.string().min(1, "must not hold empty items"))
          .min(1)
          .max(max, `must list at most ${max} pools`),
      ),
    { type: "string", description: `${description}; comma-separated, 1 to ${max} pool addresses` },
  );
}

/** Parses listed pool addresses on a chain, deduplicated in order. */
export function parsePools(chain: ChainId, pools: string[] | undefined, param = "pools"): string[] | null {
  if (!pools) return null;
  return [...new Set(pools.map((p) => parsePoolAddress(chain, p, param)))];
}

/** Body item `{ chain, address }` of the batch endpoints; judged per item, so a bad item fails alone. */
export const refItem = z.strictObject({
  chain: z.string().describe("chain id"),
  address: z.string().describe("address"),
});
