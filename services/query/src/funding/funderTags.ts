import { readFileSync } from "node:fs";
import { walletKey } from "@tapeline/core";

/**
 * The funder tags: the exchange and bridge hot wallets shipped in `funderTags.json` (by chain,
 * public addresses of their operators' well-known wallets), overridden and extended by the
 * `FUNDER_TAGS` configuration. Keyed by wallet key (`<chain>/<address>`).
 */
export function funderTags(extra: ReadonlyMap<string, string> = new Map()): ReadonlyMap<string, string> {
  const shipped = JSON.parse(readFileSync(new URL("./funderTags.json", import.meta.url), "utf8")) as Record<
    string,
    Record<string, string>
  >;
  const out = new Map<string, string>();
  for (const [chain, byAddress] of Object.entries(shipped))
    for (const [address, tag] of Object.entries(byAddress)) out.set(walletKey(chain as never, address), tag);
  for (const [key, tag] of extra) out.set(key, tag);
  return out;
}
