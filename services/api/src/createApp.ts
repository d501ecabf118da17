import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseQueryString } from "node:querystring";
import {
  ApiError,
  type Context,
  type DependencyMonitor,
  httpMetrics,
  InvalidParamError,
  metricsText,
  NotFoundError,
  PayloadTooLargeError,
  toApiError,
  UnavailableError,
} from "@tapeline/core";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import type { EndpointDef, EndpointResult } from "./endpoint.ts";
import type { Admission, RequestGate } from "./gate.ts";
import type { Mount } from "./gates/GatePlugin.ts";

import type { ReadinessCheck } from "./http/readiness.ts";
import { sendError } from "./http/sendError.ts";
import { toInvalidParam } from "./http/toInvalidParam.ts";
import { writeJson } from "./http/writeJson.ts";
import { buildOpenApi } from "./openapi/buildOpenApi.ts";
import type { ShardClient } from "./shardClient.ts";

/** Default bound of a request body: batches of 100 items with their options fit well inside. */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

export type AppOptions = {
  /** Endpoint lists (one per group: meta, market, usage, ...); mounted in order. */
  endpoints: EndpointDef[][];
  shards: ShardClient;
  gate: RequestGate;
  ctx: Context;
  /** Bound of a JSON body; larger bodies answer 413 PAYLOAD_TOO_LARGE. */
  bodyLimitBytes?: number;
  readiness: ReadinessCheck;
  /** Mount only the endpoints marked `demo` (the no-key demo listener). */
  demoOnly?: boolean;
  /** Express `trust proxy` setting, so `ip` is the client's behind the ingress. */
  trustProxy?: boolean | number | string;
  /** Base URL written into the OpenAPI document's `servers`. */
  publicUrl?: string;
  /** Extra routes (e.g. a gate's customer portal), mounted after the endpoints. */
  mounts?: Mount[];
  /**
   * The router's dependency monitor: while a critical dependency (the gate's Redis) is down,
   * endpoints answer 503 `UNAVAILABLE` with Retry-After at once instead of each request
   * waiting for its own timeout (a circuit breaker closed again by the monitor's next success).
   */
  dependencies?: DependencyMonitor;
};

const emptyQuery = z.strictObject({});
/** Longest wait for in-flight requests at shutdown (the pod's grace period bounds it anyway). */
const DRAIN_BOUND_MS = 15_000;
/** Retry-After of a request refused while a critical dependency is down (the monitor's pace). */
const DEPENDENCY_RETRY_MS = 1000;

/**
 * Builds the API's Express app: every endpoint behind its strict schemas, the request gate
 * (admit before, settle after the handler), errors in the spec's shape, `/openapi.json`,
 * `/healthz`, `/readyz` and `/metrics`.
 * @throws Error when two endpoints claim the same method and path.
 */
export function createApp(opts: AppOptions): Express {
  const { ctx, gate, shards } = opts;
  const logger = ctx.logger.child({ component: "http" });
  const metrics = httpMetrics(ctx.metrics);
  const bodyLimit = opts.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const endpoints = opts.endpoints.flat().filter((e) => !opts.demoOnly || e.demo);
  const seen = new Set<string>();
  for (const e of endpoints) {
    const id = `${e.method} ${e.path.toLowerCase()}`;
    if (seen.has(id)) throw new Error(`two endpoints claim ${id}`);
    seen.add(id);
  }

  // Requests still being served; a handler may outlive its connection (a client that left), so
  // shutdown waits for these too before the stores they read close.
  const inFlight = new Set<Promise<void>>();
  ctx.shutdown.add("in-flight requests", async () => {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, DRAIN_BOUND_MS);
    });
    await Promise.race([Promise.allSettled([...inFlight]), bound]);
    clearTimeout(timer);
  });
  const track = (p: Promise<void>): void => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  if (opts.trustProxy !== undefined) app.set("trust proxy", opts.trustProxy);

  // Every response is measured under its route template; unmatched paths share one label.
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = (res.locals.route as string | undefined) ?? "unmatched";
      metrics.observe(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  const jsonBody = express.json({ limit: bodyLimit, strict: false, type: () => true });

  // POST endpoints go through Express for their JSON body.
  for (const def of endpoints) {
    if (def.method !== "POST") continue;
    app.post(
      def.path,
      (_req: Request, res: Response, next: NextFunction) => {
        res.locals.route = def.path;
        next();
      },
      requireJson,
      jsonBody,
      (req: Request, res: Response) =>
        track(serve(def, req, res, req.query, hasBody(req) ? req.body : undefined, req.ip ?? "")),
    );
  }

  // GET (and HEAD) endpoints are served before Express's own pipeline, which costs several times
  // what answering a cached page does. Their paths are static, matched as Express matches them:
  // case-insensitive, a trailing slash ignored. The query string is parsed as Express's "simple"
  // parser parses it, the client address as `trust proxy` resolves it.
  const reads = new Map<string, EndpointDef>();
  for (const def of endpoints) if (def.method === "GET") reads.set(def.path.toLowerCase(), def);
  const trust = app.get("trust proxy fn") as (addr: string, i: number) => boolean;
  // `handle` is what the app function calls for every request (Express leaves it out of its types).
  const routed = app as unknown as {
    handle(req: IncomingMessage, res: ServerResponse, next?: NextFunction): void;
  };
  const expressHandle = routed.handle.bind(app);
  routed.handle = (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      let path = (q < 0 ? url : url.slice(0, q)).toLowerCase();
      if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
      const def = reads.get(path);
      if (def) {
        const started = process.hrtime.bigint();
        res.on("finish", () => {
          metrics.observe(
            def.path,
            req.method ?? "GET",
            res.statusCode,
            Number(process.hrtime.bigint() - started) / 1e9,
          );
        });
        track(
          serve(
            def,
            req,
            res,
            parseQueryString(q < 0 ? "" : url.slice(q + 1)),
            undefined,
            proxyaddr(req, trust),
          ),
        );
        return;
      }
    }
    // A body declared larger than the bound is refused before a byte of it is read; the
    // connection closes with the answer, since the rest of the body may never come.
    const declared = Number(req.headers["content-length"]);
    if (declared > bodyLimit) {
      refuseOversized(req, res, bodyLimit);
      return;
    }
    expressHandle(req, res, next);
  };

  // Built at once, so a schema the document cannot express fails the start, not a later request.
  const openapi = buildOpenApi(endpoints, opts.publicUrl ? { serverUrl: opts.publicUrl } : {});
  app.get("/openapi.json", (_req, res) => {
    res.locals.route = "/openapi.json";
    res.json(openapi);
  });

  app.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.locals.route = "/readyz";
    try {
      const report = await opts.readiness();
      res.status(report.serving ? 200 : 503).json(report);
    } catch (err) {
      logger.warn({ err }, "readiness check failed");
      res.status(503).json({ serving: false, chains: [], reason: "readiness check failed" });
    }
  });

  app.get("/metrics", async (_req, res) => {
    res.locals.route = "/metrics";
    res.set("Content-Type", ctx.metrics.contentType).send(await metricsText(ctx.metrics));
  });

  for (const mount of opts.mounts ?? []) app.use(mount.path, mount.handler);

  app.use((req: Request, res: Response) => {
    sendError(req, res, new NotFoundError(`no route ${req.method} ${req.path}`));
  });

  // Errors raised before a handler ran: body parsing (size, JSON syntax, encoding).
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, bodyError(err, bodyLimit, logger));
  });

  async function serve(
    def: EndpointDef,
    req: IncomingMessage,
    res: ServerResponse,
    rawQuery: Record<string, unknown>,
    rawBody: unknown,
    ip: string,
  ): Promise<void> {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const delivered = deliveryOf(req, res);
    let admission: Admission | null = null;
    let settled = false;
    try {
      const query = parseQuery(def, rawQuery);
      const body = def.body ? parseBody(def.body, rawBody) : undefined;
      const items = def.batch ? countItems(def, body) : 1;
      const down = opts.dependencies?.criticalDown();
      if (down) throw new UnavailableError(`${down.name} is unavailable`, DEPENDENCY_RETRY_MS);
      admission = await gate.admit({ endpoint: def, headers: req.headers, ip, items });
      const result: EndpointResult = await def.handler({
        query,
        body,
        caller: admission.caller,
        shards,
        headers: req.headers,
        signal: controller.signal,
      });
      const status = result.status ?? 200;
      const ok = status >= 200 && status < 300;
      const servedItems = ok ? (result.servedItems ?? (def.batch ? countServedSlots(result.body) : 1)) : 0;
      settled = true;
      const billed = await admission.settle({ status, servedItems, delivered });
      writeJson(
        req,
        res,
        status,
        { ...admission.headers, ...(result.headers ?? {}), ...billed },
        result.body,
      );
    } catch (raw) {
      const err = toApiError(raw);
      if (err.status >= 500 && !(raw instanceof ApiError)) {
        if (err.code === "UNAVAILABLE")
          logger.warn({ err: raw, route: def.path }, "a dependency failed the request");
        else logger.error({ err: raw, route: def.path }, "request failed");
      }
      let headers: Record<string, string> = { ...(admission?.headers ?? {}), ...refusalHeaders(raw) };
      if (admission && !settled) {
        settled = true;
        try {
          headers = {
            ...headers,
            ...(await admission.settle({ status: err.status, servedItems: 0, delivered })),
          };
        } catch (settleErr) {
          logger.error({ err: settleErr, route: def.path }, "settling a failed request failed");
        }
      }
      sendError(req, res, err, headers);
    }
  }

  return app;
}

/**
 * Whether the client got the answer: true once the whole answer went to a connection still open,
 * false when the connection closed first (a client that gave up). The server ends its side when
 * it reads the client's hang-up, so a connection no longer writable when the answer is ended had
 * lost its client. A client that sent its request and hung up at once may still see its answer
 * written before the server has read the hang-up; the turn after the write has read it, so an
 * answer followed by the client's end of stream by then counts as undelivered too. A client
 * reading its answer keeps its side open that long.
 */
function deliveryOf(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const socket = req.socket;
  return new Promise((resolve) => {
    const gone = () => resolve(false);
    if (socket.destroyed || !socket.writable) {
      gone();
      return;
    }
    socket.once("close", gone);
    // 'prefinish' comes as the answer is ended, before the server closes a connection it will not keep.
    res.once("prefinish", () => {
      if (socket.destroyed || !socket.writable) gone();
    });
    res.once("finish", () => {
      socket.off("close", gone);
      // Destroyed by now: the write itself failed on a connection the client had reset.
      if (socket.destroyed) gone();
      else setImmediate(() => resolve(!socket.readableEnded));
    });
  });
}

function parseQuery(def: EndpointDef, raw: Record<string, unknown>): unknown {
  const keys = Object.keys(raw);
  for (const key of keys) {
    // `?=x` or `&=x`: a value without a name cannot be named back as an unknown parameter.
    if (key === "")
      throw new InvalidParamError("query", "a query parameter has no name", { reason: "empty_name" });
    if (Array.isArray(raw[key])) throw new InvalidParamError(key, `${key} is given more than once`);
  }
  const r = (def.query ?? emptyQuery).safeParse({ ...raw });
  if (!r.success) throw toInvalidParam(r.error, { scope: "query", order: keys });
  return r.data;
}

function parseBody(schema: z.ZodType, raw: unknown): unknown {
  const r = schema.safeParse(raw);
  if (!r.success) throw toInvalidParam(r.error, { scope: "body" });
  return r.data;
}

function requireJson(req: Request, _res: Response, next: NextFunction): void {
  // A request without a body reaches the schema as `undefined` ("body is required").
  if (hasBody(req) && !req.is("application/json")) {
    next(new InvalidParamError("body", "the body must be JSON (Content-Type: application/json)"));
    return;
  }
  next();
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function countItems(def: EndpointDef, body: unknown): number {
  if (def.countItems) return def.countItems(body);
  const b = body as { items?: unknown; markets?: unknown } | undefined;
  if (Array.isArray(b?.items)) return b.items.length;
  if (Array.isArray(b?.markets)) return b.markets.length;
  return 1;
}

function countServedSlots(body: unknown): number {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return 1;
  return data.filter((slot) => slot !== null && typeof slot === "object" && "data" in slot).length;
}

function refusalHeaders(err: unknown): Record<string, string> {
  const headers = (err as { headers?: unknown } | null)?.headers;
  if (headers === null || typeof headers !== "object") return {};
  return Object.fromEntries(Object.entries(headers).filter(([, v]) => typeof v === "string")) as Record<
    string,
    string
  >;
}

function refuseOversized(req: IncomingMessage, res: ServerResponse, limit: number): void {
  res.setHeader("Connection", "close");
  res.on("finish", () => req.socket.destroy());
  sendError(req, res, new PayloadTooLargeError(limit));
}

function bodyError(err: unknown, limit: number, logger: Context["logger"]): ApiError {
  if (err instanceof ApiError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  const code = (err as { code?: unknown } | null)?.code;
  // zlib and brotli errors of a body whose Content-Encoding does not match its bytes
  if (typeof code === "string" && /^(Z_|ERR__|ERR_BROTLI)/.test(code)) {
    return new InvalidParamError("body", "the body could not be decoded as its Content-Encoding says", {
      reason: "decoding_failed",
    });
  }
  if (type === "entity.too.large") return new PayloadTooLargeError(limit);
  if (type === "entity.parse.failed") return new InvalidParamError("body", "the body is not valid JSON");
  if (type === "encoding.unsupported") {
    return new InvalidParamError("body", "unsupported Content-Encoding; use gzip, br, deflate or none", {
      reason: "unsupported_encoding",
    });
  }
  if (type === "charset.unsupported") return new InvalidParamError("body", "the body must be UTF-8 JSON");
  if (type === "request.aborted")
    return new InvalidParamError("body", "the body was not received completely");
  // any other refusal body-parser raises for the client's bytes (http-errors, exposed, 4xx)
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500 && (err as { expose?: unknown }).expose) {
    return new InvalidParamError("body", (err as Error).message);
  }
  logger.error({ err }, "request failed before its handler");
  return toApiError(err);
}
