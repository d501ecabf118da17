import { parseChainId, parseWalletAddress, walletKey } from "@tapeline/core";

/**
 * `LOCKERS`: `<chain>=<address>` entries separated by commas (e.g. `evm:8453=0xabc…`), each
 * address judged against its chain. Problems are pushed to `problems` (the config reader's list)
 * and the entry skipped.
 */
export function parseLockers(raw: string | undefined, problems: string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of (raw ?? "").split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    const [chainRaw, addressRaw, ...rest] = entry.split("=");
    try {
      if (!addressRaw || rest.length > 0) throw new Error("needs <chain>=<address>");
      const chain = parseChainId(chainRaw, "LOCKERS");
      out.add(walletKey(chain, parseWalletAddress(chain, addressRaw, "LOCKERS")));
    } catch (err) {
      problems.push(`LOCKERS entry "${entry}": ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out;
}
