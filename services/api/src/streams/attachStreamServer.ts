import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import {
  type ApiError,
  type Context,
  ForbiddenError,
  InvalidParamError,
  PayloadTooLargeError,
  toApiError,
} from "@tapeline/core";
import { Counter, Gauge } from "prom-client";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { z } from "zod";
import { isBillingGate } from "../billing/isBillingGate.ts";
import { defineEndpoint } from "../endpoint.ts";
import type { RequestGate } from "../gate.ts";
import type { ScreenerFeed } from "./createScreenerFeed.ts";
import type { HubSubscription, StreamHub } from "./createStreamHub.ts";
import { parseScreenerParams } from "./parseScreenerParams.ts";
import {
  CHANNELS,
  type Channel,
  CloseCodes,
  clientFrameSchema,
  DEFAULT_STREAM_LIMITS,
  errorFrame,
  parseTokenUpdatesParams,
  parseTradesParams,
  STREAM_PATH,
  type StreamLimits,
} from "./streamProtocol.ts";

/** Frames larger than this are refused by the WebSocket layer itself (close 1009). */
const HARD_FRAME_BYTES = 1024 * 1024;
/** Bytes of events waiting for their charge, as a multiple of the send buffer bound. */
const QUEUE_BOUND_FACTOR = 4;
/** Time a dropped connection gets to take its close frame before its socket is destroyed. */
const CLOSE_GRACE_MS = 1000;

/** What the gate is asked for a stream connection: authentication only, nothing billed. */
const streamEndpoint = defineEndpoint({
  method: "GET",
  path: STREAM_PATH,
  summary: "Live streams (WebSocket)",
  response: z.unknown(),
  credits: { kind: "free" },
  async handler() {
    throw new Error("streams are served by the WebSocket server");
  },
});

type Authenticated = {
  keyId: string;
  /**
   * The key may use the screener channels: set per key by the admin CLI under billing; gates
   * without accounts (open, static keys) have no per-key settings and allow them.
   */
  screenerStreams: boolean;
  /** Bills delivered events; absent on gates without billing. */
  charge?: (channel: string, events: number) => Promise<number>;
};

async function authenticate(gate: RequestGate, key: string, ip: string): Promise<Authenticated> {
  if (isBillingGate(gate)) {
    const billing = await gate.openStream(key);
    return {
      keyId: billing.caller.keyId,
      screenerStreams: billing.screenerStreams,
      charge: (c, n) => billing.charge(c, n),
    };
  }
  const admission = await gate.admit({
    endpoint: streamEndpoint,
    headers: { authorization: key },
    ip,
    items: 1,
  });
  await admission.settle({ status: 200, servedItems: 0 });
  return { keyId: admission.caller?.keyId ?? `key:${key}`, screenerStreams: true };
}

/** The close reason of a refusal: the spec's `details.action` for 402 and 403, else the code. */
function closeFor(err: ApiError): { code: number; reason: string } {
  const action = typeof err.details?.action === "string" ? err.details.action : null;
  if (err.status === 402) return { code: CloseCodes.paymentRequired, reason: action ?? err.code };
  if (err.status === 403) return { code: CloseCodes.forbidden, reason: action ?? err.code };
  if (err.status === 401) {
    const reason = typeof err.details?.reason === "string" ? err.details.reason : err.code;
    return { code: CloseCodes.unauthorized, reason };
  }
  return { code: 1011, reason: err.code };
}

export type StreamServer = { close(): Promise<void>; connections(): number };

/**
 * Serves live streams on `STREAM_PATH` of the API's own HTTP server (the same port as REST, on
 * every API worker process). Protocol (documented in docs/streams.md):
 *
 * - The first frame is `{"type":"auth","key":"<API key>"}`, within `authTimeoutMs` (else close
 *   4408); a refused key closes 4401 (reason `missing_key` or `invalid_key`), a suspended account
 *   4403, a key over its connection limit 4429. Accepted: `{"type":"ready", limits}`.
 * - `{"type":"subscribe","id","channel","params"}` answers `{"type":"ack","id","channel"}`, then
 *   events `{"type":"event","id","channel","chain","data"}` (data in the REST shapes) and, on
 *   `trades`, `{"type":"rollback",...}`. `{"type":"unsubscribe","id"}` answers
 *   `{"type":"unsubscribed","id"}`. Any bad frame answers `{"type":"error","id"?,"error"}` with
 *   the REST error object; the connection stays.
 * - Each delivered event costs 1 credit, charged per connection and channel once per event-loop
 *   turn before the events are sent; an account that cannot pay is closed with 4402 and the
 *   `details.action` as reason. A connection whose send buffer passes `maxBufferedBytes` is
 *   closed with 4409 and counted in `tapeline_stream_dropped_total`.
 */
export function attachStreamServer(deps: {
  server: Server;
  hub: StreamHub;
  gate: RequestGate;
  ctx: Context;
  limits?: Partial<StreamLimits>;
  /** The screener channels; without it they answer `not_available`. */
  screener?: ScreenerFeed | null;
}): StreamServer {
  const limits: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...deps.limits };
  const { ctx, hub, gate } = deps;
  const metric = <T>(name: string, make: () => T): T =>
    (ctx.metrics.getSingleMetric(name) as T | undefined) ?? make();
  const open = metric(
    "tapeline_stream_connections",
    () =>
      new Gauge({
        name: "tapeline_stream_connections",
        help: "Open stream connections",
        registers: [ctx.metrics],
      }),
  );
  const delivered = metric(
    "tapeline_stream_events_total",
    () =>
      new Counter({
        name: "tapeline_stream_events_total",
        help: "Stream events delivered (billable), by channel",
        labelNames: ["channel"],
        registers: [ctx.metrics],
      }),
  );
  const dropped = metric(
    "tapeline_stream_dropped_total",
    () =>
      new Counter({
        name: "tapeline_stream_dropped_total",
        help: "Stream connections closed by the server, by reason (slow_consumer, payment, auth_timeout, ...)",
        labelNames: ["reason"],
        registers: [ctx.metrics],
      }),
  );

  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_BYTES, perMessageDeflate: false });
  const perKey = new Map<string, number>();
  const sockets = new Set<WebSocket>();

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? "").split("?")[0];
    if (path !== STREAM_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req.socket.remoteAddress ?? ""));
  }
  deps.server.on("upgrade", onUpgrade);

  function serve(ws: WebSocket, ip: string): void {
    sockets.add(ws);
    open.inc();
    let auth: Authenticated | null = null;
    let closing = false;
    const subs = new Map<string, HubSubscription>();
    let queue: { frame: string; channel: Channel; billable: boolean }[] = [];
    let queuedBytes = 0;
    let scheduled = false;
    let flushing = false;
    // Frames are handled one after the other, so a subscribe is acknowledged before the next frame.
    let inbox: Promise<void> = Promise.resolve();

    const authTimer = setTimeout(
      () => drop(CloseCodes.authTimeout, "auth_timeout", "auth_timeout"),
      limits.authTimeoutMs,
    );

    function drop(code: number, reason: string, metricReason: string): void {
      if (closing) return;
      closing = true;
      dropped.labels(metricReason).inc();
      ws.close(code, reason);
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    }

    function sendControl(frame: string): void {
      if (!closing) ws.send(frame);
    }

    const sink = {
      push(frame: string, channel: Channel, billable: boolean) {
        if (closing) return;
        queue.push({ frame, channel, billable });
        queuedBytes += frame.length;
        // Events wait here while their charge is in flight: a bound of their own (the socket's
        // bound applies once they are sent), so a brief billing stall does not drop a good reader.
        if (queuedBytes > QUEUE_BOUND_FACTOR * limits.maxBufferedBytes) {
          drop(CloseCodes.slowConsumer, "slow_consumer", "slow_consumer");
          return;
        }
        if (!scheduled && !flushing) {
          scheduled = true;
          setImmediate(flush);
        }
      },
    };

    async function flush(): Promise<void> {
      scheduled = false;
      if (closing) return;
      flushing = true;
      const batch = queue;
      queue = [];
      queuedBytes = 0;
      try {
        if (auth?.charge) {
          const counts = new Map<Channel, number>();
          for (const f of batch) if (f.billable) counts.set(f.channel, (counts.get(f.channel) ?? 0) + 1);
          for (const [channel, n] of counts) {
            try {
              await auth.charge(channel, n);
            } catch (err) {
              const e = toApiError(err);
              if (e.status === 402 || e.status === 403) {
                const c = closeFor(e);
                drop(c.code, c.reason, "payment");
              } else {
                ctx.logger.warn({ err }, "stream charge failed; connection closed");
                drop(1011, e.code, "billing_unavailable");
              }
              return;
            }
          }
        }
        for (const f of batch) {
          if (closing) return;
          ws.send(f.frame);
          if (f.billable) delivered.labels(f.channel).inc();
        }
        if (ws.bufferedAmount > limits.maxBufferedBytes)
          drop(CloseCodes.slowConsumer, "slow_consumer", "slow_consumer");
      } finally {
        flushing = false;
        if (queue.length > 0 && !closing && !scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      }
    }

    async function handle(data: RawData, isBinary: boolean): Promise<void> {
      if (closing) return;
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
      let frame: z.infer<typeof clientFrameSchema> | null = null;
      try {
        if (size > limits.maxFrameBytes) throw new PayloadTooLargeError(limits.maxFrameBytes);
        if (isBinary) throw new InvalidParamError("frame", "frames are JSON text");
        let json: unknown;
        try {
          json = JSON.parse(
            Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.concat(data as Buffer[]).toString("utf8"),
          );
        } catch {
          throw new InvalidParamError("frame", "a frame is one JSON object");
        }
        const parsed = clientFrameSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.code === "unrecognized_keys" ? issue.keys[0] : issue.path.join(".");
          throw new InvalidParamError(field || "frame", issue.message);
        }
        frame = parsed.data;
      } catch (err) {
        if (!auth) {
          drop(CloseCodes.unauthorized, "missing_key", "unauthorized");
          return;
        }
        sendControl(errorFrame(toApiError(err)));
        return;
      }

      if (!auth) {
        if (frame.type !== "auth") {
          drop(CloseCodes.unauthorized, "missing_key", "unauthorized");
          return;
        }
        try {
          const a = await authenticate(gate, frame.key, ip);
          clearTimeout(authTimer);
          if (closing) return;
          const n = perKey.get(a.keyId) ?? 0;
          if (n >= limits.connectionsPerKey) {
            drop(CloseCodes.tooManyConnections, "too_many_connections", "too_many_connections");
            return;
          }
          perKey.set(a.keyId, n + 1);
          auth = a;
          sendControl(
            JSON.stringify({
              type: "ready",
              limits: {
                subscriptionsPerConnection: limits.subscriptionsPerConnection,
                maxFrameBytes: limits.maxFrameBytes,
              },
            }),
          );
        } catch (err) {
          const e = toApiError(err);
          const c = e.status >= 500 ? { code: 1011, reason: e.code } : closeFor(e);
          drop(c.code, c.reason, e.status >= 500 ? "auth_unavailable" : "unauthorized");
        }
        return;
      }

      switch (frame.type) {
        case "auth":
          sendControl(errorFrame(new InvalidParamError("type", "this connection is already authenticated")));
          return;
        case "ping":
          sendControl(JSON.stringify({ type: "pong", ...(frame.id === undefined ? {} : { id: frame.id }) }));
          return;
        case "unsubscribe": {
          const sub = subs.get(frame.id);
          if (!sub) {
            sendControl(
              errorFrame(new InvalidParamError("id", "no open subscription has this id"), frame.id),
            );
            return;
          }
          sub.close();
          subs.delete(frame.id);
          sendControl(JSON.stringify({ type: "unsubscribed", id: frame.id }));
          return;
        }
        case "subscribe": {
          const { id, channel } = frame;
          try {
            if (subs.has(id)) throw new InvalidParamError("id", "a subscription with this id is open");
            if (subs.size >= limits.subscriptionsPerConnection) {
              throw new InvalidParamError(
                "id",
                `at most ${limits.subscriptionsPerConnection} subscriptions per connection`,
                {
                  reason: "subscription_limit",
                  limit: limits.subscriptionsPerConnection,
                },
              );
            }
            let sub: HubSubscription;
            if (channel === "trades")
              sub = await hub.subscribeTrades(id, parseTradesParams(frame.params), sink);
            else if (channel === "token-updates") {
              sub = await hub.subscribeTokenUpdates(id, parseTokenUpdatesParams(frame.params), sink);
            } else if ((channel === "screener" || channel === "screener-pools") && deps.screener) {
              if (!auth.screenerStreams) {
                throw new ForbiddenError(
                  "request_screener_streams",
                  "the screener channels are enabled per API key on request",
                );
              }
              sub = await deps.screener.subscribe(id, channel, parseScreenerParams(frame.params), sink);
            } else if ((CHANNELS as readonly string[]).includes(channel)) {
              throw new InvalidParamError("channel", `${channel} is not served by this deployment`, {
                reason: "not_available",
              });
            } else {
              throw new InvalidParamError("channel", `unknown channel ${JSON.stringify(channel)}`, {
                allowed: [...CHANNELS],
              });
            }
            if (closing) {
              sub.close();
              return;
            }
            subs.set(id, sub);
            sendControl(JSON.stringify({ type: "ack", id, channel }));
          } catch (err) {
            const e = toApiError(err);
            if (e.status >= 500) ctx.logger.warn({ err }, "stream subscribe failed");
            sendControl(errorFrame(e, id));
          }
          return;
        }
      }
    }

    ws.on("message", (data, isBinary) => {
      inbox = inbox
        .then(() => handle(data, isBinary))
        .catch((err) => {
          ctx.logger.error({ err }, "stream frame handling failed");
        });
    });
    ws.on("error", () => {
      // a protocol error (bad frame, oversized past the hard bound) closes the socket; nothing to add
    });
    ws.on("close", () => {
      clearTimeout(authTimer);
      closing = true;
      for (const s of subs.values()) s.close();
      subs.clear();
      if (auth) {
        const n = (perKey.get(auth.keyId) ?? 1) - 1;
        if (n <= 0) perKey.delete(auth.keyId);
        else perKey.set(auth.keyId, n);
      }
      sockets.delete(ws);
      open.dec();
    });
  }

  return {
    connections: () => sockets.size,
    async close() {
      deps.server.off("upgrade", onUpgrade);
      for (const ws of sockets) ws.close(1001, "shutting_down");
      await new Promise<void>((resolve) => {
        const done = () => (sockets.size === 0 ? resolve() : setTimeout(done, 20));
        setTimeout(() => {
          for (const ws of sockets) ws.terminate();
        }, CLOSE_GRACE_MS).unref();
        done();
      });
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
