import type { Server } from "node:http";
import type { Bus, Context, UniverseStore } from "@tapeline/core";
import { createScreenerLister } from "../endpoints/screener/createScreenerEndpoints.ts";
import { createUniverseReader } from "../endpoints/screener/createUniverseReader.ts";
import type { RequestGate } from "../gate.ts";
import type { ShardClient } from "../shardClient.ts";
import { attachStreamServer, type StreamServer } from "./attachStreamServer.ts";
import { createScreenerFeed } from "./createScreenerFeed.ts";
import { createStreamHub } from "./createStreamHub.ts";
import type { TradeBadgeOptions } from "./createTradeBadges.ts";
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
  /** Where the screener channels read universe computations; without it they are not served. */
  universe?: UniverseStore | null;
  /** Lifetimes and bounds of the trade badge caches (defaults in createTradeBadges). */
  badges?: TradeBadgeOptions;
}): StreamServer {
  const hub = createStreamHub({
    bus: deps.bus,
    shards: deps.shards,
    logger: deps.ctx.logger.child({ component: "streams" }),
    badges: deps.badges,
  });
  let screener = null;
  if (deps.universe) {
    const reader = createUniverseReader(deps.universe);
    const feed = createScreenerFeed({ list: createScreenerLister(reader), reader, logger: deps.ctx.logger });
    deps.ctx.shutdown.add("screener streams", async () => feed.close());
    screener = feed;
  }
  const streams = attachStreamServer({ ...deps, hub, screener });
  deps.ctx.shutdown.add("stream hub", () => hub.close());
  deps.ctx.shutdown.add("streams", () => streams.close());
  return streams;
}
