import { z } from "zod";
import type { EndpointDef } from "../endpoint.ts";
import { OPENAPI_META_KEY } from "../schema/documented.ts";

/** The version of the interface description (the contract's own version). */
export const API_VERSION = "0.1.0";

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

const ERROR_CODES = [
  "INVALID_PARAM",
  "NOT_FOUND",
  "PAYMENT_REQUIRED",
  "QUOTA_EXCEEDED",
  "FORBIDDEN",
  "RATE_LIMITED",
  "UNAUTHORIZED",
  "PAYLOAD_TOO_LARGE",
  "UNAVAILABLE",
  "HOLDINGS_UNAVAILABLE",
  "INTERNAL",
];

/**
 * Builds the OpenAPI 3.1 document of `endpoints` from the same zod schemas that validate
 * requests: one operation per endpoint, its parameters, body and 200 response, every error
 * response in the `{ error }` shape, the credit cost as `x-credits`, and the API-key scheme.
 */
export function buildOpenApi(
  endpoints: readonly EndpointDef[],
  opts: { serverUrl?: string } = {},
): JsonSchema {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const def of endpoints) {
    const path = def.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
    paths[path] ??= {};
    (paths[path] as Record<string, Operation>)[def.method.toLowerCase()] = operation(def);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Tapeline market-data API",
      version: API_VERSION,
      description:
        "On-chain market data for EVM chains and Solana. Every request carries the raw API key in the " +
        "Authorization header (no Bearer prefix). Unknown or malformed parameters answer 400 INVALID_PARAM " +
        "with details.param. x-credits gives each operation's credit cost; only 2xx answers are billed.",
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    security: [{ ApiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        ApiKey: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "The raw API key as the whole header value, without a Bearer prefix.",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          additionalProperties: false,
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              additionalProperties: false,
              properties: {
                code: { type: "string", enum: ERROR_CODES },
                message: { type: "string", description: "for humans; may change" },
                details: {
                  type: "object",
                  description:
                    "machine-readable context: param (INVALID_PARAM), action (402/403), retryAfterMs",
                },
              },
            },
          },
        },
      },
      headers: {
        RetryAfter: {
          description: "seconds to wait before retrying",
          schema: { type: "integer", minimum: 1 },
        },
        CreditsRemaining: {
          description: "credits the account can use now, shared by all its keys",
          schema: { type: "integer" },
        },
      },
    },
  };
}

function operation(def: EndpointDef): Operation {
  const op: Operation = {
    operationId: operationId(def),
    summary: def.summary,
    ...(def.description ? { description: def.description } : {}),
    ...(def.tags?.length ? { tags: def.tags } : {}),
    "x-credits": def.credits,
    ...(def.batch ? { "x-batch": true } : {}),
    ...(def.demo ? { "x-demo": true } : {}),
  };
  if (def.query) {
    const schema = toSchema(def.query, "input");
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([name, s]) => {
      const { description, ...rest } = s;
      return {
        name,
        in: "query",
        required: required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      };
    });
  }
  if (def.body) {
    op.requestBody = {
      required: true,
      content: { "application/json": { schema: toSchema(def.body, "input") } },
    };
  }
  const error = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const billable = def.credits.kind !== "free";
  op.responses = {
    "200": {
      description: def.batch ? "one slot per input item, in input order" : "success",
      ...(billable
        ? { headers: { "X-Credits-Remaining": { $ref: "#/components/headers/CreditsRemaining" } } }
        : {}),
      content: { "application/json": { schema: toSchema(def.response, "output") } },
    },
    "400": error("INVALID_PARAM: a malformed or unknown parameter; details.param names it"),
    "401": error("UNAUTHORIZED: missing or invalid API key"),
    ...(billable
      ? {
          "402": error("PAYMENT_REQUIRED or QUOTA_EXCEEDED; branch on details.action", {
            "X-Credits-Remaining": { $ref: "#/components/headers/CreditsRemaining" },
          }),
          "403": error("FORBIDDEN: account suspended (details.action account_suspended)"),
        }
      : {}),
    "404": error("NOT_FOUND: unknown resource or route"),
    ...(def.body ? { "413": error("PAYLOAD_TOO_LARGE: the body exceeds the size bound") } : {}),
    "429": error("RATE_LIMITED", { "Retry-After": { $ref: "#/components/headers/RetryAfter" } }),
    "500": error("INTERNAL"),
    "503": error(
      "UNAVAILABLE: momentarily unavailable; HOLDINGS_UNAVAILABLE: a wallet's holdings could not be read from the chain's node (details.chain, details.retryAfterMs)",
      {
        "Retry-After": { $ref: "#/components/headers/RetryAfter" },
      },
    ),
  };
  return op;
}

function operationId(def: EndpointDef): string {
  const words = def.path
    .split(/[/\-_.:{}]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1));
  return def.method.toLowerCase() + words.join("");
}

function toSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      const meta = z.globalRegistry.get(ctx.zodSchema) as Record<string, unknown> | undefined;
      const doc = meta?.[OPENAPI_META_KEY] as JsonSchema | undefined;
      const target = ctx.jsonSchema as JsonSchema;
      delete target[OPENAPI_META_KEY];
      if (!doc) return;
      for (const key of Object.keys(target)) if (key !== "description") delete target[key];
      Object.assign(target, doc);
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}
