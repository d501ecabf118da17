import {
  type ApiError,
  type Context,
  createBatchAnswerer,
  httpMetrics,
  InvalidParamError,
  isQueryBatchMethod,
  isQueryRpcMethod,
  joinSlots,
  MAX_BATCH_ITEMS,
  NotFoundError,
  PayloadTooLargeError,
  parseRpcParams,
  SLOT_LENGTHS_HEADER,
  toApiError,
  UnknownRpcMethodError,
} from "@tapeline/core";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { QueryService } from "./createQueryService.ts";

/** Default bound of an RPC body (a batch of 100 markets with options fits with room to spare). */
export const DEFAULT_RPC_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The HTTP face of a query pod, serving the query RPC contract (`queryRpcMethods` in core):
 * - `POST /rpc/<method>` with the JSON params array answers the method's JSON result;
 * - `POST /batch/<method>` with `{ items: [[index, param], ...] }` (a batchable method, up to
 *   `MAX_BATCH_ITEMS` items of one router batch, keyed by their index in the client's request)
 *   answers the JSON array of the items' slots in the same order, each slot's byte length
 *   listed in the `x-slot-lengths` header so the router can pass them on without parsing them.
 * A method the contract does not list, or the pod does not serve, is refused with 404
 * `NOT_FOUND`; params that do not match the method's schema with 400 `INVALID_PARAM` (in a
 * batch, that item's slot only). Errors answer `{ error: { code, message, details? } }` with
 * their status (the router rebuilds the error from it). Plus `/healthz`, `/readyz` (503 while
 * the store does not answer or once shutdown began) and `/metrics`.
 */
export function createRpcApp(opts: {
  service: QueryService;
  ctx: Context;
  bodyLimitBytes?: number;
  /** Aborted when shutdown begins: `/readyz` then answers 503 so traffic drains. */
  draining?: AbortSignal;
}): Express {
  const { service, ctx } = opts;
  const logger = ctx.logger.child({ component: "rpc" });
  const metrics = httpMetrics(ctx.metrics);
  const limit = opts.bodyLimitBytes ?? DEFAULT_RPC_BODY_LIMIT_BYTES;
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // Cached query results (a hot candle page, a token snapshot) come back as the same object for
  // about a second: serialize each object once.
  const serialized = new WeakMap<object, Buffer>();
  const serializeOnce = (result: object): Buffer => {
    let body = serialized.get(result);
    if (!body) {
      body = Buffer.from(JSON.stringify(result));
      serialized.set(result, body);
    }
    return body;
  };

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const route = (res.locals.route as string | undefined) ?? "unmatched";
      metrics.observe(route, req.method, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  });

  const answerBatch = createBatchAnswerer(service.api);
  const served = (method: string) => isQueryRpcMethod(method) && service.methods.has(method);
  const json = express.json({ limit, strict: false, type: () => true });

  app.post(
    "/rpc/:method",
    (req, res, next) => {
      const method = String(req.params.method);
      if (!served(method)) {
        sendError(res, new UnknownRpcMethodError(method));
        return;
      }
      res.locals.route = `/rpc/${method}`;
      next();
    },
    json,
    async (req, res) => {
      const method = String(req.params.method);
      try {
        if (!Array.isArray(req.body))
          throw new InvalidParamError("body", "the body must be a JSON array of params");
        const params = parseRpcParams(method, req.body) as unknown[];
        const fn = (service.api as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[
          method
        ];
        const result = await fn?.(...params);
        if (result !== null && typeof result === "object") {
          res.set("Content-Type", "application/json; charset=utf-8").send(serializeOnce(result));
        } else {
          res.json(result === undefined ? null : result);
        }
      } catch (raw) {
        const err = toApiError(raw);
        if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query method failed");
        sendError(res, err);
      }
    },
  );

  app.post(
    "/batch/:method",
    (req, res, next) => {
      const method = String(req.params.method);
      if (!served(method) || !isQueryBatchMethod(method)) {
        sendError(res, new UnknownRpcMethodError(method));
        return;
      }
      res.locals.route = `/batch/${method}`;
      next();
    },
    json,
    async (req, res) => {
      const method = String(req.params.method);
      try {
        if (!isQueryBatchMethod(method)) throw new UnknownRpcMethodError(method);
        const items = batchItems(req.body);
        const { body, lengths } = joinSlots(
          await answerBatch(
            method,
            items.map(([, param]) => param),
          ),
        );
        res
          .set("Content-Type", "application/json; charset=utf-8")
          .set(SLOT_LENGTHS_HEADER, lengths)
          .send(body);
      } catch (raw) {
        const err = toApiError(raw);
        if (err.code === "INTERNAL") logger.error({ err: raw, method }, "query batch failed");
        sendError(res, err);
      }
    },
  );

  app.get("/healthz", (_req, res) => {
    res.locals.route = "/healthz";
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.locals.route = "/readyz";
    if (opts.draining?.aborted) {
      res.status(503).json({ serving: false, chains: [], reason: "shutting down" });
      return;
    }
    try {
      res.json({ serving: true, chains: await service.api.readiness() });
    } catch (err) {
      logger.warn({ err }, "readiness query failed");
      res.status(503).json({ serving: false, chains: [], reason: "the store does not answer" });
    }
  });

  app.get("/metrics", async (_req, res) => {
    res.locals.route = "/metrics";
    res.set("Content-Type", ctx.metrics.contentType).send(await ctx.metrics.metrics());
  });

  app.use((req: Request, res: Response) => {
    sendError(res, new NotFoundError(`no route ${req.method} ${req.path}`));
  });

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const type = (err as { type?: unknown } | null)?.type;
    if (type === "entity.too.large") sendError(res, new PayloadTooLargeError(limit));
    else if (type === "entity.parse.failed")
      sendError(res, new InvalidParamError("body", "the body is not valid JSON"));
    else {
      logger.error({ err }, "rpc request failed before its handler");
      sendError(res, toApiError(err));
    }
  });

  return app;
}

/**
 * The items of a batch body: 1 to MAX_BATCH_ITEMS `[index, param]` pairs.
 * @throws InvalidParamError naming `items`
 */
function batchItems(body: unknown): [number, unknown][] {
  const items = (body as { items?: unknown } | null)?.items;
  if (
    !Array.isArray(items) ||
    items.length < 1 ||
    items.length > MAX_BATCH_ITEMS ||
    !items.every((it) => Array.isArray(it) && it.length === 2 && Number.isInteger(it[0]) && it[0] >= 0)
  ) {
    throw new InvalidParamError(
      "items",
      `the body must be { items: [[index, param], ...] } with 1 to ${MAX_BATCH_ITEMS} items`,
    );
  }
  return items as [number, unknown][];
}

function sendError(res: Response, err: ApiError): void {
  const retryAfterMs = (err as { retryAfterMs?: unknown }).retryAfterMs;
  if (typeof retryAfterMs === "number")
    res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  res.status(err.status).json(err.toBody());
}
