import {
  type ApiError,
  type ChainId,
  InvalidParamError,
  parseChainId,
  parsePoolAddress,
  parseTokenAddress,
  parseWalletAddress,
} from "@tapeline/core";
import { z } from "zod";

/** Path of the stream endpoint on the API port (HTTP upgrade to WebSocket). */
export const STREAM_PATH = "/v1/stream";

/**
 * Close codes of a stream connection (besides the standard 1000, 1001 at shutdown and 1009 for
 * a frame past the hard size bound). The reason is a short text: for 4402 and 4403 it is the
 * `details.action` of the spec's 402 table, to branch on as for a REST 402.
 */
export const CloseCodes = {
  /** the first frame was not a valid `auth` frame, or the key was refused (reason: the REST code) */
  unauthorized: 4401,
  /** the account cannot pay for the next events: reason = `details.action` */
  paymentRequired: 4402,
  /** the account is suspended: reason = `account_suspended` */
  forbidden: 4403,
  /** no `auth` frame within the auth timeout */
  authTimeout: 4408,
  /** the client did not read fast enough: its send buffer passed the bound */
  slowConsumer: 4409,
  /** the key already has the maximum number of open stream connections on this router process */
  tooManyConnections: 4429,
} as const;

/** Bounds of the stream server; every one configurable, these are the defaults. */
export type StreamLimits = {
  /** time a new connection has to send its `auth` frame, ms */
  authTimeoutMs: number;
  /** open connections per API key on one router process */
  connectionsPerKey: number;
  /** subscriptions open at once on one connection */
  subscriptionsPerConnection: number;
  /** bytes of a client frame answered with an error frame past it (the connection stays) */
  maxFrameBytes: number;
  /** bytes a connection may have queued for sending before it is dropped with 4409 */
  maxBufferedBytes: number;
};

export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  authTimeoutMs: 10_000,
  connectionsPerKey: 20,
  subscriptionsPerConnection: 100,
  maxFrameBytes: 16 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** Channels a subscription can name. */
export const CHANNELS = ["trades", "token-updates", "screener", "screener-pools"] as const;
export type Channel = (typeof CHANNELS)[number];

const subscriptionId = z.string().min(1).max(64);

/** Client frames. Unknown fields are refused, as unknown query parameters are over REST. */
export const clientFrameSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("auth"), key: z.string().min(1).max(256) }),
  z.strictObject({
    type: z.literal("subscribe"),
    id: subscriptionId,
    channel: z.string().min(1).max(64),
    params: z.record(z.string(), z.unknown()).default({}),
  }),
  z.strictObject({ type: z.literal("unsubscribe"), id: subscriptionId }),
  z.strictObject({ type: z.literal("ping"), id: subscriptionId.optional() }),
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;

/** Filters of the `trades` channel, named and bounded as the REST tape's. */
export type TradeFilters = {
  maker?: string;
  side?: "buy" | "sell";
  minAmountToken?: number;
  minVolumeNative?: number;
  minVolumeUsd?: number;
  wash?: "washOnly" | "excludeWash";
};

/** A parsed `trades` subscription: one market (`pool`) or every market of a token. */
export type TradesParams = { chain: ChainId } & ({ pool: string } | { token: string }) & TradeFilters;

/** A parsed `token-updates` subscription. */
export type TokenUpdatesParams = { chain: ChainId; tokens: string[] };

/** Tokens one `token-updates` subscription may name. */
export const MAX_TOKENS_PER_SUBSCRIPTION = 100;

const tradesParamsSchema = z.strictObject({
  chain: z.unknown(),
  pool: z.unknown().optional(),
  token: z.unknown().optional(),
  maker: z.string().min(1).max(128).optional(),
  side: z.enum(["buy", "sell"]).optional(),
  minAmountToken: z.number().min(0).optional(),
  minVolumeNative: z.number().min(0).optional(),
  minVolumeUsd: z.number().min(0).optional(),
  wash: z.enum(["washOnly", "excludeWash"]).optional(),
});

const tokenUpdatesParamsSchema = z.strictObject({
  chain: z.unknown(),
  tokens: z.array(z.unknown()).min(1).max(MAX_TOKENS_PER_SUBSCRIPTION),
});

/** The first problem of a zod parse as INVALID_PARAM naming `params.<field>`. */
function invalid(error: z.ZodError): InvalidParamError {
  const issue = error.issues[0]!;
  const field = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.join(".");
  return new InvalidParamError(
    `params${field ? `.${field}` : ""}`,
    issue.code === "unrecognized_keys" ? `unknown parameter ${field}` : issue.message,
  );
}

/** @throws InvalidParamError naming the parameter (`params.pool`, `params.minVolumeUsd`, ...). */
export function parseTradesParams(input: Record<string, unknown>): TradesParams {
  const r = tradesParamsSchema.safeParse(input);
  if (!r.success) throw invalid(r.error);
  const { chain: rawChain, pool, token, ...filters } = r.data;
  const chain = parseChainId(rawChain, "params.chain");
  if ((pool === undefined) === (token === undefined)) {
    throw new InvalidParamError("params.pool", "give exactly one of params.pool and params.token");
  }
  if (filters.wash && chain !== "solana") {
    throw new InvalidParamError("params.wash", "wash filters apply to Solana only");
  }
  const maker =
    filters.maker === undefined ? undefined : parseWalletAddress(chain, filters.maker, "params.maker");
  const scope =
    pool !== undefined
      ? { pool: parsePoolAddress(chain, pool, "params.pool") }
      : { token: parseTokenAddress(chain, token, "params.token") };
  return { chain, ...scope, ...filters, ...(maker === undefined ? {} : { maker }) };
}

/** @throws InvalidParamError naming the parameter (`params.tokens.3`, ...). */
export function parseTokenUpdatesParams(input: Record<string, unknown>): TokenUpdatesParams {
  const r = tokenUpdatesParamsSchema.safeParse(input);
  if (!r.success) throw invalid(r.error);
  const chain = parseChainId(r.data.chain, "params.chain");
  const tokens = r.data.tokens.map((t, i) => parseTokenAddress(chain, t, `params.tokens.${i}`));
  return { chain, tokens: [...new Set(tokens)] };
}

/** An error frame: the REST error object, with the subscription id it answers when there is one. */
export function errorFrame(err: ApiError, id?: string): string {
  return JSON.stringify({
    type: "error",
    ...(id === undefined ? {} : { id }),
    error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
  });
}
