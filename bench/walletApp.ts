import type { Context } from "@tapeline/core";
import { createApp } from "../services/api/src/createApp.ts";
import { walletEndpoints } from "../services/api/src/endpoints/wallet/endpoints.ts";
import { openGate } from "../services/api/src/gate.ts";
import { shardReadiness } from "../services/api/src/http/shardReadiness.ts";
import { createInProcessShardClient } from "../services/api/src/shards/createInProcessShardClient.ts";
import type { QueryService } from "../services/query/src/createQueryService.ts";

/** The HTTP API of the wallet benchmarks: the wallet endpoints over a query service in-process, no gate. */
export function walletApp(service: QueryService, ctx: Context) {
  const shards = createInProcessShardClient(service.api);
  return createApp({
    endpoints: [walletEndpoints],
    shards,
    gate: openGate,
    ctx,
    readiness: shardReadiness(shards),
  });
}
