import { readFileSync } from "node:fs";
import { type ChainId, isEvm, walletKey } from "@tapeline/core";

/**
 * The locker list: the LP locker contracts shipped in `lockers.json` (by chain, the addresses
 * their operator publishes; see README), extended by the `LOCKERS` configuration. Keyed
 * `<chain>/<address>` (EVM lowercased), as the holders tag and the security LP share read it.
 */
export function lockerList(extra: ReadonlySet<string> = new Set()): ReadonlySet<string> {
  const shipped = JSON.parse(readFileSync(new URL("./lockers.json", import.meta.url), "utf8")) as Record<
    string,
    Record<string, string>
  >;
  const out = new Set<string>();
  for (const [chain, byAddress] of Object.entries(shipped))
    for (const address of Object.keys(byAddress))
      out.add(walletKey(chain as ChainId, isEvm(chain as ChainId) ? address.toLowerCase() : address));
  for (const key of extra) out.add(key);
  return out;
}

/** The addresses of `chain` in a locker list. */
export function lockersOf(lockers: ReadonlySet<string>, chain: ChainId): string[] {
  const prefix = `${chain}/`;
  return [...lockers].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}
