import type { ChainId, TokenRecord } from "@tapeline/core";

/**
 * The range's token records with the metadata URIs launchpads recorded at creation
 * (`tokens.metadata.uri`, which the metadata job fetches): merged into the record of a token
 * read in the range, else added as a record carrying only the URI (the writer keeps the stored
 * name, symbol and decimals where a record has null).
 */
export function withLaunchUris(
  chain: ChainId,
  tokens: readonly TokenRecord[],
  uris: ReadonlyMap<string, string>,
): TokenRecord[] {
  const out = tokens.map((t) => {
    const uri = uris.get(t.address);
    return uri === undefined ? t : { ...t, metadata: { ...t.metadata, uri } };
  });
  const read = new Set(tokens.map((t) => t.address));
  for (const [address, uri] of uris) {
    if (read.has(address)) continue;
    out.push({
      chain,
      address,
      name: null,
      symbol: null,
      decimals: null,
      totalSupply: null,
      metadata: { uri },
    });
  }
  return out;
}
