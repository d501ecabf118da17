import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { QueryProvider } from "./QueryProvider.ts";

const SRC_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Finds the query providers shipped in this package: every `src/<folder>/provider.ts` exporting
 * `provider: QueryProvider`, in folder-name order. A folder adds its methods to every shard by
 * adding that file; nothing else is edited.
 * @throws Error when a provider file does not export a provider.
 */
export async function loadQueryProviders(dir = SRC_DIR): Promise<QueryProvider[]> {
  const providers: QueryProvider[] = [];
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  for (const folder of folders) {
    const file = path.join(dir, folder, "provider.ts");
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { provider?: QueryProvider };
    if (!mod.provider || typeof mod.provider.create !== "function") {
      throw new Error(`${file} must export provider: QueryProvider`);
    }
    providers.push(mod.provider);
  }
  return providers;
}
