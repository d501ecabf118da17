import {
  type Address,
  type Chain,
  createTestClient,
  defineChain,
  http,
  publicActions,
  walletActions,
} from "viem";

/** Anvil's first dev account (default mnemonic); unlocked on every node {@link startAnvil} starts. */
export const ANVIL_DEPLOYER: Address = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";

/** A viem chain description for a devnet with the given id and endpoint. */
export function devnetChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: "Tapeline devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/**
 * A viem client for the devnet with public, wallet and anvil test actions. Its account is anvil's
 * first dev account by default, an unlocked JSON-RPC account (the node signs), so setup needs no keys.
 * @example
 * const client = createDevnetClient({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
 */
export function createDevnetClient(opts: { rpcUrl: string; chainId: number; account?: Address }) {
  return createTestClient({
    mode: "anvil",
    chain: devnetChain(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl, { retryCount: 0 }),
    account: opts.account ?? ANVIL_DEPLOYER,
    pollingInterval: 50,
    // block numbers read fresh: a devnet mines on each transaction, faster than any cache lifetime
    cacheTime: 0,
  })
    .extend(publicActions)
    .extend(walletActions);
}

/** The client every devnet function takes: public + wallet + anvil test actions, with an account. */
export type DevnetClient = ReturnType<typeof createDevnetClient>;
