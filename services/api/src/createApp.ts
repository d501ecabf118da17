import {
  ApiError,
  type Context,
  httpMetrics,
  InvalidParamError,
  NotFoundError,
  PayloadTooLargeError,
  toApiError,
} from "@tapeline/core";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import type { EndpointDef, EndpointResult } from "./endpoint.ts";
import type { Admission, RequestGate } from "./gate.ts";
import type { Mount } from "./gates/GatePlugin.ts";

import type { ReadinessCheck } from "./http/readiness.ts";
import { SerializedJson } from "./http/SerializedJson.ts";
import { sendError } from "./http/sendError.ts";
import { toInvalidParam } from "./http/toInvalidParam.ts";
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
};

const emptyQuery = z.strictObject({});

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

  for (const def of endpoints) {
    const handlers = [
      (_req: Request, res: Response, next: NextFunction) => {
        res.locals.route = def.path;
        next();
      },
      ...(def.method === "POST" ? [requireJson, jsonBody] : []),
      (req: Request, res: Response) => serve(def, req, res),
    ];
    if (def.method === "GET") app.get(def.path, ...handlers);
    else app.post(def.path, ...handlers);
  }

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
    res.set("Content-Type", ctx.metrics.contentType).send(await ctx.metrics.metrics());
  });

  for (const mount of opts.mounts ?? []) app.use(mount.path, mount.handler);

  app.use((req: Request, res: Response) => {
    sendError(res, new NotFoundError(`no route ${req.method} ${req.path}`));
  });

  // Errors raised before a handler ran: body parsing (size, JSON syntax, encoding).
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    sendError(res, bodyError(err, bodyLimit, logger));
  });

  async function serve(def: EndpointDef, req: Request, res: Response): Promise<void> {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    let admission: Admission | null = null;
    let settled = false;
    try {
      const query = parseQuery(def, req);
      const body = def.body ? parseBody(def.body, hasBody(req) ? req.body : undefined) : undefined;
      const items = def.batch ? countItems(def, body) : 1;
      admission = await gate.admit({ endpoint: def, headers: req.headers, ip: req.ip ?? "", items });
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
      const billed = await admission.settle({ status, servedItems });
      res.status(status).set({ ...admission.headers, ...(result.headers ?? {}), ...billed });
      if (result.body instanceof SerializedJson) sendSerialized(req, res, result.body);
      else res.json(result.body);
    } catch (raw) {
      const err = toApiError(raw);
      if (err.status >= 500 && !(raw instanceof ApiError)) {
        logger.error({ err: raw, route: def.path }, "request failed");
      }
      let headers: Record<string, string> = { ...(admission?.headers ?? {}), ...refusalHeaders(raw) };
      if (admission && !settled) {
        settled = true;
        try {
          headers = { ...headers, ...(await admission.settle({ status: err.status, servedItems: 0 })) };
        } catch (settleErr) {
          logger.error({ err: settleErr, route: def.path }, "settling a failed request failed");
        }
      }
      sendError(res, err, headers);
    }
  }

  return app;
}

/**
 * Sends JSON serialized beforehand, as `res.json` would (content type, ETag when the app makes
 * them); a large body goes gzip-encoded to a client that accepts it.
 */
function sendSerialized(req: Request, res: Response, body: SerializedJson): void {
  if (!res.get("Content-Type")) res.set("Content-Type", "application/json; charset=utf-8");
  if (res.app.get("etag fn") && !res.get("ETag")) res.set("ETag", body.etag);
  if (!body.compressible) {
    res.send(body.bytes);
    return;
  }
  res.vary("Accept-Encoding");
  if (req.acceptsEncodings("gzip", "identity") === "gzip") {
    res.set("Content-Encoding", "gzip").send(body.gzip);
  } else {
    res.send(body.bytes);
  }
}

function parseQuery(def: EndpointDef, req: Request): unknown {
  const raw = req.query as Record<string, unknown>;
  const keys = Object.keys(raw);
  for (const key of keys) {
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

function hasBody(req: Request): boolean {
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

function bodyError(err: unknown, limit: number, logger: Context["logger"]): ApiError {
  if (err instanceof ApiError) return err;
  const type = (err as { type?: unknown } | null)?.type;
  if (type === "entity.too.large") return new PayloadTooLargeError(limit);
  if (type === "entity.parse.failed") return new InvalidParamError("body", "the body is not valid JSON");
  if (type === "encoding.unsupported" || type === "charset.unsupported") {
    return new InvalidParamError("body", "the body must be UTF-8 JSON");
  }
  if (type === "request.aborted")
    return new InvalidParamError("body", "the body was not received completely");
  logger.error({ err }, "request failed before its handler");
  return toApiError(err);
}
