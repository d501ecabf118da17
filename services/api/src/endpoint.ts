import type { ChainId } from "@tapeline/core";
import type { z } from "zod";
import type { ShardClient } from "./shardClient.ts";

/**
 * One API endpoint: its strict schemas (validation, types and the OpenAPI document come from
 * these), its credit cost, and its handler. Endpoint files live in `src/endpoints/`, one per
 * endpoint, grouped into lists the app mounts.
 */
export type EndpointDef<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> = {
  method: "GET" | "POST";
  path: `/v1/${string}` | `/${string}`;
  /** OpenAPI operation summary and description (document what the spec leaves "not shown"). */
  summary: string;
  description?: string;
  tags?: string[];
  /** Strict schema of the query string (unknown keys refused); omit for none accepted. */
  query?: Q;
  /** Strict schema of the JSON body (POST). */
  body?: B;
  /** Schema of a successful response body, for the OpenAPI document. */
  response: z.ZodType;
  /**
   * Credits billed for a 2xx answer. A number for single calls; batches bill per served item,
   * so the handler reports `servedItems` and the cost is `perItem * servedItems`.
   */
  credits: { kind: "flat"; amount: number } | { kind: "perItem"; amount: number } | { kind: "free" };
  /** True for batch endpoints (they count one request, `items` against the item allowance). */
  batch?: boolean;
  /** Endpoints served on the no-key demo listener. */
  demo?: boolean;
  /**
   * Batch size of a parsed body, for the gate's item allowance. Default: the length of the
   * body's `items` or `markets` array.
   */
  countItems?(body: z.infer<B>): number;
  handler(req: EndpointRequest<z.infer<Q>, z.infer<B>>): Promise<EndpointResult>;
};

/**
 * Declares an endpoint with its query and body types inferred from its schemas, typed as the
 * plain `EndpointDef` the app's lists hold.
 * @example export const getChains = defineEndpoint({ method: "GET", path: "/v1/meta/chains", ... });
 */
export function defineEndpoint<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  def: EndpointDef<Q, B>,
): EndpointDef {
  return def as unknown as EndpointDef;
}

export type EndpointRequest<Q, B> = {
  query: Q;
  body: B;
  /** The authenticated caller, when the gate ran (null on free/unauthenticated listeners). */
  caller: Caller | null;
  shards: ShardClient;
  /** Raw request headers, lower-cased. */
  headers: Record<string, string | string[] | undefined>;
  signal: AbortSignal;
};

export type Caller = { accountId: string; keyId: string };

export type EndpointResult = {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * For perItem billing: how many items were served (error slots excluded). Default: 1 for a
   * single call; for a batch, the `{ data }` slots of the body's `data` array.
   */
  servedItems?: number;
};

/** Parses chain ids once per endpoint; re-exported for endpoint files. */
export type { ChainId };
