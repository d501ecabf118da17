import {
  type ChainId,
  envelope,
  InvalidParamError,
  isEvm,
  type QueryApi,
  type SparklinePoint,
  type SparklineQuery,
} from "@tapeline/core";
import { z } from "zod";
import type { EndpointResult } from "../../endpoint.ts";
import { refItem } from "./marketParams.ts";
import { sparklineOptions } from "./sparklineBody.ts";

/** Body of a sparkline batch: 1 to 100 `{ chain, address }` under `key`, plus the shared options. */
export function sparklineBatchBody<K extends string>(key: K) {
  return z.strictObject({ [key]: z.array(refItem).min(1).max(100), ...sparklineOptions } as {
    [P in K]: z.ZodArray<typeof refItem>;
  } & typeof sparklineOptions);
}

type SparklineRoute = { chain: ChainId; address: string; shard: QueryApi };

/**
 * Answers a sparkline batch from its routed items: refuses quote=usd when any item is on an EVM
 * chain, fetches every series at once and keys each by its routed address. An unknown market or
 * token answers `[]` but is not served: only known ones are billed.
 * @throws InvalidParamError naming `quote`
 */
export async function sparklineBatch(
  options: Pick<SparklineQuery, "timeframe" | "quote" | "timestamps">,
  routes: SparklineRoute[],
  fetch: (shard: QueryApi, q: SparklineQuery) => Promise<SparklinePoint[] | null>,
): Promise<EndpointResult> {
  if (options.quote === "usd" && routes.some((r) => isEvm(r.chain))) {
    throw new InvalidParamError("quote", "quote=usd is served on Solana only");
  }
  const { timeframe, quote, timestamps } = options;
  const points = await Promise.all(
    routes.map((r) => fetch(r.shard, { chain: r.chain, address: r.address, timeframe, quote, timestamps })),
  );
  const data: Record<string, SparklinePoint[]> = {};
  routes.forEach((r, i) => {
    data[r.address] = points[i] ?? [];
  });
  const servedItems = points.filter((p) => p !== null).length;
  return { body: envelope(data, { timeframe, quote }), servedItems };
}
