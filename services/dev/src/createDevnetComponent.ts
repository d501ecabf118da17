import type { DevComponent, DevDeps } from "./startDevStack.ts";

/** A running local chain: its JSON-RPC endpoint and how to stop it. */
export type DevnetNode = { rpcUrl: string; stop(): Promise<void> };

/** The local-chain pieces the dev stack drives (anvil, contract deployment, simulator, ingest). */
export type DevnetParts<D> = {
  /** Starts the node on 127.0.0.1:`port` with EIP-155 id `chainId`. */
  startNode(opts: { port: number; chainId: number }): Promise<DevnetNode>;
  /** Deploys the contracts (WETH9, tokens, Uniswap V2/V3/V4) and returns what the simulator needs. */
  deploy(rpcUrl: string): Promise<D>;
  /** Starts the market simulator against the deployment; returns its stop. */
  startSimulator(rpcUrl: string, deployment: D, deps: DevDeps): Promise<{ stop(): Promise<void> }>;
  /** Starts the ingest worker that follows the node into the store, when one is provided. */
  startIngest?(rpcUrl: string, deployment: D, deps: DevDeps): Promise<{ stop(): Promise<void> }>;
};

/**
 * The dev stack's local EVM chain as one component: node, deployment, ingest and simulator,
 * stopped in reverse order (simulator first, node last). A failure while starting stops what
 * already runs.
 */
export function createDevnetComponent<D>(
  parts: DevnetParts<D>,
  opts: { port?: number; chainId?: number } = {},
): DevComponent {
  return {
    name: "devnet",
    async start(deps) {
      const stops: (() => Promise<void>)[] = [];
      const stopAll = async () => {
        for (const stop of stops.reverse()) await stop();
      };
      try {
        const node = await parts.startNode({ port: opts.port ?? 8545, chainId: opts.chainId ?? 31337 });
        stops.push(() => node.stop());
        deps.ctx.logger.info({ rpcUrl: node.rpcUrl }, "devnet node started");
        const deployment = await parts.deploy(node.rpcUrl);
        if (parts.startIngest) {
          const ingest = await parts.startIngest(node.rpcUrl, deployment, deps);
          stops.push(() => ingest.stop());
        }
        const simulator = await parts.startSimulator(node.rpcUrl, deployment, deps);
        stops.push(() => simulator.stop());
      } catch (err) {
        await stopAll();
        throw err;
      }
      return { stop: stopAll };
    },
  };
}
