import { z } from "zod";

/**
 * Response schemas of the wallet endpoints, for the OpenAPI document: the shapes of the
 * `@tapeline/core` WalletQueries results as the handlers serve them.
 */
const ms = z.int().describe("unix milliseconds");
const errorSlot = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const usdBasis = z.enum(["spot", "trade"]).describe("spot on EVM (current native price), trade on Solana");

const router = z
  .object({
    programId: z.string(),
    name: z.string().optional().describe("when the program is a known router"),
  })
  .nullable()
  .describe("Solana only: the program that carried the swap; null for a direct swap");

const asset = z.object({
  tokenAddress: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  decimals: z.int().nullable().describe("null when the token is unknown"),
  amount: z.number().nullable().describe("whole units; null when the decimals are unknown"),
});

const legSide = z.object({ tokenAddress: z.string(), amount: z.number().nullable() });

export const walletSwapSchema = z.object({
  id: z.string(),
  at: ms,
  chain: z.string(),
  txHash: z.string(),
  block: z.int(),
  sent: z
    .array(asset)
    .describe(
      "net flow taken from the wallet across all legs (its own balance changes), largest first; native and wrapped native are one asset",
    ),
  received: z.array(asset).describe("net flow delivered to the wallet, largest first"),
  volumeNative: z.number().nullable(),
  volumeUsd: z.number().nullable(),
  feesNative: z.number().nullable().describe("total fee paid for the transaction in the chain's native unit"),
  route: z
    .array(
      z.object({
        poolAddress: z.string(),
        poolType: z.string(),
        sent: legSide,
        received: legSide,
        router: router.optional(),
      }),
    )
    .describe(
      "ordered from the sent asset to the received asset; each leg keeps the exact asset it exchanged",
    ),
  router: router
    .optional()
    .describe(
      "Solana only, on swaps from 2026-09-21 onward: the router of the largest routed leg, null for a direct swap",
    ),
});

const pageFields = {
  hasMore: z.boolean().describe("false only when the wallet's history (within the bounds) is fully served"),
  nextCursor: z.string().nullable(),
  oldestAt: ms.nullable(),
  usdBasis,
};

export const walletSwapPageSchema = z.object({
  data: z.array(walletSwapSchema),
  meta: z.object({ asOf: ms, ...pageFields }),
});

export const walletSwapSlotsSchema = z.object({
  data: z.array(z.union([z.object({ data: z.array(walletSwapSchema), ...pageFields }), errorSlot])),
  meta: z.object({ asOf: ms }),
});

export const walletTradePageSchema = z.object({
  data: z.array(
    z.object({
      at: ms,
      chain: z.string(),
      tokenAddress: z.string(),
      isBuy: z.boolean(),
      amountToken: z.number().nullable(),
      volumeUsd: z.number().nullable(),
      txHash: z.string(),
      priceNative: z.number().nullable().optional().describe("EVM"),
      volumeNative: z.number().nullable().optional().describe("EVM"),
      block: z.int().optional().describe("EVM"),
      logIndex: z.int().optional().describe("EVM"),
      tokenSymbol: z.string().nullable().optional().describe("Solana"),
      priceUsd: z.number().nullable().optional().describe("Solana"),
      maker: z.string().optional().describe("Solana"),
    }),
  ),
  meta: z.object({
    asOf: ms,
    oldestAt: z
      .number()
      .nullable()
      .optional()
      .describe(
        "EVM: feeds the next beforeAt; the last event's at, plus a fraction when the page ends inside a millisecond",
      ),
  }),
});
