import { parseChainId, parseWalletAddress, walletKey } from "@tapeline/core";

/**
 * `FUNDER_TAGS`: `<chain>=<address>=<tag>` entries separated by commas (e.g.
 * `evm:8453=0xabc…=coinbase`), each address judged against its chain. Problems are pushed to
 * `problems` (the config reader's list) and the entry skipped.
 */
export function parseFunderTags(raw: string | undefined, problems: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of (raw ?? "").split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    const [chainRaw, addressRaw, tag, ...rest] = entry.split("=");
    try {
      if (!tag || rest.length > 0 || !/^[a-z0-9_-]{1,40}$/.test(tag))
        throw new Error("needs <chain>=<address>=<tag>");
      const chain = parseChainId(chainRaw, "FUNDER_TAGS");
      out.set(walletKey(chain, parseWalletAddress(chain, addressRaw, "FUNDER_TAGS")), tag);
    } catch (err) {
      problems.push(`FUNDER_TAGS entry "${entry}": ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return out;
}
