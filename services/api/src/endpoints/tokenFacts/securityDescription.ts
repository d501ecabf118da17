/** What the security endpoints' OpenAPI description says about where the figures come from. */
export const SECURITY_DESCRIPTION =
  "Facts read from the chain's node and kept for 10 minutes: Solana mint and freeze authorities and Token-2022 extensions from the mint account; " +
  "EVM owner(), mint/pause/blacklist functions found in the code (behind EIP-1967/EIP-1167 proxies, the implementation's), the proxy admin, " +
  "the LP share held by burn addresses and a buy-then-sell simulation (eth_call with state overrides) through the token's Uniswap V2-style pool. " +
  "Launch snipers and bundlers are counted by the trader label rules. Every figure is null when unknown: no node configured for the chain, " +
  "no suitable pool, or (holder shares, top-10 concentration, locked LP) data not recorded yet. An unknown token answers 404 NOT_FOUND.";
