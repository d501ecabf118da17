import type { Context } from "@tapeline/core";
import type { Redis } from "ioredis";
import { openGate } from "../gate.ts";
import type { GateBundle, GatePlugin } from "./GatePlugin.ts";

/** The gate part of the router's configuration: a plugin with its settings, or none (open). */
export type GateConfig = { plugin: GatePlugin; config: unknown } | null;

/**
 * Builds the router's gate: `openGate` when billing is disabled (`gate` null), otherwise the
 * plugin's gate, created with the shared Redis client.
 * @throws Error when a plugin is configured but no Redis client was given.
 */
export async function createGateFromConfig(
  gate: GateConfig,
  deps: { redis: Redis | null; ctx: Context },
): Promise<GateBundle> {
  if (!gate) {
    deps.ctx.logger.warn("billing is disabled: every request is admitted unbilled");
    return { gate: openGate };
  }
  if (!deps.redis) throw new Error(`the ${gate.plugin.name} gate needs Redis`);
  return gate.plugin.create(gate.config, { redis: deps.redis, ctx: deps.ctx });
}
