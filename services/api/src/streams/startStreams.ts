import type { Server } from "node:http";
import type { Bus, Context } from "@tapeline/core";
import type { RequestGate } from "../gate.ts";
import type { ShardClient } from "../shardClient.ts";
import { attachStreamServer, type StreamServer } from "./attachStreamServer.ts";
import { createStreamHub } from "./createStreamHub.ts";
import type { StreamLimits } from "./streamProtocol.ts";

/**
 * Serves live streams on an API server: a hub consuming `bus` in this process and the WebSocket
 * endpoint on the server's port. Connections close (1001) before the hub stops at shutdown.
 */
export function startStreams(deps: {
  server: Server;
  bus: Bus;
  shards: ShardClient;
  gate: RequestGate;
  ctx: Context;
  limits?: Partial<StreamLimits>;
}): StreamServer {
  const hub = createStreamHub({
    bus: deps.bus,
    shards: deps.shards,
    logger: deps.ctx.logger.child({ component: "streams" }),
  });
  const streams = attachStreamServer({ ...deps, hub });
  deps.ctx.shutdown.add("stream hub", () => hub.close());
  deps.ctx.shutdown.add("streams", () => streams.close());
  return streams;
}
