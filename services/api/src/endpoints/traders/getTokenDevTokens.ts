import {
  ABANDON_LIQUIDITY_USD,
  DEPLOYER_RISK_LEVELS,
  DEPLOYER_TOKEN_STATUSES,
  DEV_TOKEN_LIMITS,
  type DevTokensPage,
  envelope,
  InvalidParamError,
  parseChainId,
  parseWalletAddress,
  RUG_LIQUIDITY_USD,
  walletKey,
} from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";
import { chainIdParam } from "../../schema/chainIdParam.ts";
import { documented } from "../../schema/documented.ts";
import { intParam } from "../../schema/intParam.ts";
import { tokenRoute } from "../market/tokenRoute.ts";

const ms = z.int().describe("unix milliseconds");

const rowSchema = z.object({
  chain: z.string(),
  address: z.string().describe("token address"),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  createdAt: ms
    .nullable()
    .describe("deploy time: the token's creation, else its earliest market's; null when neither is known"),
  migrated: z.boolean().describe("a launchpad market of the token graduated"),
  isLaunchpad: z.boolean().describe("the token has a launchpad market (bonding curve)"),
  liquidityNative: z
    .string()
    .nullable()
    .describe("the best pool's native liquidity (decimal string); null when unknown"),
  liquidityUsd: z
    .number()
    .nullable()
    .describe("that × the current native/USD rate; null when either is unknown"),
  status: z
    .enum(DEPLOYER_TOKEN_STATUSES)
    .describe(
      `judged on the token's best pool at request time, first rule that holds: rugged (its liquidity was seen below ${RUG_LIQUIDITY_USD} USD within one day of deploy), abandoned (below ${ABANDON_LIQUIDITY_USD} USD within one week), migrated (a launchpad market of the token graduated), active (everything else, including a token whose first week was not seen)`,
    ),
});

const statsSchema = z.object({
  totalTokens: z.int().describe("the deployer's true deploy count (the queried token left out)"),
  active: z.int(),
  migrated: z.int(),
  rugged: z.int(),
  abandoned: z.int(),
  successRatePct: z
    .number()
    .nullable()
    .describe("percent of the judged tokens neither rugged nor abandoned (2 decimals); null with no token"),
  riskLevel: z
    .enum(DEPLOYER_RISK_LEVELS)
    .describe(
      "high: at least 30 % of the judged tokens rugged, or 70 % rugged or abandoned; medium: 10 % rugged or 40 % rugged or abandoned; low: otherwise; unknown: no token",
    ),
  firstDeployAt: ms.nullable().describe("earliest known deploy time among the judged tokens"),
  lastDeployAt: ms.nullable().describe("latest known deploy time among the judged tokens"),
});

/** `GET /v1/token/dev-tokens` (2 credits): a deployer's tokens and track record. */
export const getTokenDevTokens = defineEndpoint({
  method: "GET",
  path: "/v1/token/dev-tokens",
  summary: "Deployer track record",
  description:
    "The tokens created by a deployer, newest recorded token creation first (a token without one last), each with its verdict, and the deployer's figures. " +
    "Give `address` (a token: its deployer is resolved through its launchpad market's creator, else the token's recorded deployer, the creating transaction's sender or the launchpad factory call's; never a migration's sender; that token is left out of the rows and the stats) or `wallet` (the deployer), not both. " +
    "Verdicts read the liquidity lows ingest keeps for each market during its token's first week (USD at the native rate of the time of each observation, one per ingested range), judged on the token's best pool at request time. " +
    "stats count every token of the deployer; a deployer with more than 10,000 tokens is judged on the returned page alone (meta.truncated true; stats.totalTokens stays the true count). " +
    "An unknown token: 404 NOT_FOUND. A token whose deployer is unknown: no rows, meta.deployer and meta.stats null.",
  tags: ["traders"],
  query: z.strictObject({
    chain: chainIdParam(),
    address: documented(z.string().min(1), {
      type: "string",
      description: "token address; its deployer is resolved first. Required unless wallet is given.",
    }).optional(),
    wallet: documented(z.string().min(1), {
      type: "string",
      description: "deployer address, skipping resolution",
    }).optional(),
    limit: intParam({
      min: DEV_TOKEN_LIMITS.min,
      max: DEV_TOKEN_LIMITS.max,
      default: DEV_TOKEN_LIMITS.default,
    }),
  }),
  response: z.object({
    data: z.array(rowSchema),
    meta: z.object({
      asOf: z.int(),
      deployer: z.string().nullable().describe("the deployer; null when the token's deployer is unknown"),
      stats: statsSchema.nullable().describe("null when the deployer is unknown"),
      truncated: z.boolean().describe("the stats describe only the returned page"),
    }),
  }),
  credits: { kind: "flat", amount: 2 },
  demo: true,
  async handler({ query: q, shards }) {
    if (q.address !== undefined && q.wallet !== undefined)
      throw new InvalidParamError("wallet", "give either address or wallet, not both");
    const limit = q.limit;
    let page: DevTokensPage;
    if (q.wallet !== undefined) {
      const chain = parseChainId(q.chain, "chain");
      const wallet = parseWalletAddress(chain, q.wallet, "wallet");
      page = await shards.forKey(walletKey(chain, wallet)).devTokens({ chain, address: null, wallet, limit });
    } else {
      if (q.address === undefined) throw new InvalidParamError("address", "address or wallet is required");
      const t = tokenRoute(shards, q.chain, q.address);
      page = await t.shard.devTokens({ chain: t.chain, address: t.address, wallet: null, limit });
    }
    const { data, asOf, ...meta } = page;
    return { body: envelope(data, meta, asOf) };
  },
});
