import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { GatePlugin } from "./GatePlugin.ts";

/** Where the billing layer exports its gate plugin. */
export const GATE_PLUGIN_PATH = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "billing",
  "gatePlugin.ts",
);

/**
 * Loads the gate plugin (`gatePlugin` exported by `services/api/src/billing/gatePlugin.ts`).
 * @returns null when this build ships no such file.
 * @throws Error when the file exists but does not export a plugin.
 */
export async function loadGatePlugin(file = GATE_PLUGIN_PATH): Promise<GatePlugin | null> {
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as { gatePlugin?: GatePlugin };
  const plugin = mod.gatePlugin;
  if (!plugin || typeof plugin.readConfig !== "function" || typeof plugin.create !== "function") {
    throw new Error(`${file} must export gatePlugin: GatePlugin`);
  }
  return plugin;
}
