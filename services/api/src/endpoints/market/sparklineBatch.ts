import { ApiError, type ChainId, InvalidParamError, isEvm, type SparklineQuery } from "@tapeline/core";
import { z } from "zod";
import { isDataSlot } from "../../batch/isDataSlot.ts";
import type { EndpointResult } from "../../endpoint.ts";
import { SerializedJson } from "../../http/SerializedJson.ts";
import type { ShardClient } from "../../shardClient.ts";
import { apiErrorFromBody } from "../../shards/apiErrorFromBody.ts";
import { refItem } from "./marketParams.ts";
import { sparklineOptions } from "./sparklineBody.ts";

/** Body of a sparkline batch: 1 to 100 `{ chain, address }` under `key`, plus the shared options. */
export function sparklineBatchBody<K extends string>(key: K) {
  return z.strictObject({ [key]: z.array(refItem).min(1).max(100), ...sparklineOptions } as {
    [P in K]: z.ZodArray<typeof refItem>;
  } & typeof sparklineOptions);
}

type SparklineRoute = { chain: ChainId; address: string; key: string };

const NULL = Buffer.from("null");
const EMPTY = Buffer.from("[]");

/**
 * Answers a sparkline batch from its routed items: refuses quote=usd when any item is on an EVM
 * chain, fetches every series with one call per owning shard and keys each by its routed address
 * (the shards' serialized points are written into the body as they are). An unknown market or
 * token answers `[]` but is not served: only known ones are billed, each once however often listed.
 * @throws InvalidParamError naming `quote`; the first failing item's error otherwise
 */
export async function sparklineBatch(
  shards: ShardClient,
  method: "poolSparkline" | "tokenSparkline",
  options: Pick<SparklineQuery, "timeframe" | "quote" | "timestamps">,
  routes: SparklineRoute[],
): Promise<EndpointResult> {
  if (options.quote === "usd" && routes.some((r) => isEvm(r.chain))) {
    throw new InvalidParamError("quote", "quote=usd is served on Solana only");
  }
  const { timeframe, quote, timestamps } = options;
  const slots = await shards.batch(
    method,
    routes.map((r) => ({
      key: r.key,
      param: { chain: r.chain, address: r.address, timeframe, quote, timestamps },
    })),
  );
  // An address listed twice appears once (where first listed), with its last answer.
  const last = new Map<string, number>();
  routes.forEach((r, i) => {
    last.set(r.address, i);
  });
  const parts: (string | Buffer)[] = ['{"data":{'];
  // Billed per key of the answer: a market listed twice is answered, and billed, once.
  let servedItems = 0;
  for (const [address, i] of last) {
    const slot = slots[i] as Buffer;
    if (!isDataSlot(slot)) throw slotError(slot);
    const points = slot.subarray(8, -1);
    const comma = parts.length > 1 ? "," : "";
    const known = !points.equals(NULL);
    if (known) servedItems++;
    parts.push(`${comma}${JSON.stringify(address)}:`, known ? points : EMPTY);
  }
  parts.push(`},"meta":${JSON.stringify({ asOf: Date.now(), timeframe, quote })}}`);
  return { body: new SerializedJson(parts), servedItems };
}

/** The ApiError an error slot carries. */
function slotError(slot: Buffer): ApiError {
  const body = JSON.parse(slot.toString("utf8")) as unknown;
  return apiErrorFromBody(500, body) ?? new ApiError("INTERNAL", 500, "internal error");
}
