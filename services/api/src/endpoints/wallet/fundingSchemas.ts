import { z } from "zod";

/** Response schemas of the funding endpoints, for the OpenAPI document. */
export const walletFundingSchema = z.object({
  chain: z.string(),
  funder: z.string().describe("the address the funding transfer came from"),
  fundedAt: z.int().describe("unix milliseconds of the funding transfer's block"),
  txHash: z.string().describe("the funding transaction (Solana: its signature)"),
  amountNative: z.string().describe("integer string in the chain's smallest native unit (wei, lamports)"),
  funderTag: z
    .string()
    .nullable()
    .describe("exchange or bridge the funder belongs to, from the label set; null when it is not listed"),
});

export const walletFundingPageSchema = z.object({
  data: walletFundingSchema,
  meta: z.object({ asOf: z.int() }),
});

const errorSlot = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const walletFundingSlotsSchema = z.object({
  data: z.array(z.union([z.object({ data: walletFundingSchema }), errorSlot])),
  meta: z.object({ asOf: z.int() }),
});
