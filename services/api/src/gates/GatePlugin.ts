import type { Context, DependencyCheck } from "@tapeline/core";
import type { RequestHandler } from "express";
import type { Redis } from "ioredis";
import type { EndpointDef } from "../endpoint.ts";
import type { RequestGate } from "../gate.ts";

/** Extra routes a gate brings (a customer portal, ...), mounted before the 404 handler. */
export type Mount = { path: string; handler: RequestHandler };

/** What a gate plugin builds: the gate, optional routes and endpoint lists, and its release. */
export type GateBundle = {
  gate: RequestGate;
  mounts?: Mount[];
  endpoints?: EndpointDef[][];
  /** The gate of the no-key demo listener (read endpoints, limited per client IP), when offered. */
  demoGate?: RequestGate;
  /** Dependencies of its own the gate needs (its Postgres), watched for readiness. */
  checks?: DependencyCheck[];
  close?: () => Promise<void>;
};

/**
 * The seam through which the router gets its commercial gate. `readConfig` runs with the
 * router's own configuration, before anything connects: it returns the plugin's settings and
 * reports problems by throwing a ConfigError (its problems are listed with the router's).
 * `create` runs once configuration is valid. The billing layer provides one by exporting
 * `gatePlugin: GatePlugin` from `services/api/src/billing/gatePlugin.ts`; `loadRouterConfig` imports it.
 */
export type GatePlugin<C = unknown> = {
  name: string;
  readConfig(env: Record<string, string | undefined>): C;
  create(config: C, deps: { redis: Redis; ctx: Context }): Promise<GateBundle>;
};
