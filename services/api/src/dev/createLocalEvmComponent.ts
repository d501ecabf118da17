import { createRpcClient, startEvmChainWorker } from "@tapeline/ingest";
import {
  createDevnetClient,
  createMarketSimulator,
  type DevnetDeployment,
  deployUniswap,
  devnetEvmConfig,
  startAnvil,
} from "@tapeline/ingest/devnet";
import { createDevnetComponent } from "./createDevnetComponent.ts";
import type { DevComponent } from "./startDevStack.ts";

export type LocalEvmOptions = {
  /** anvil's port on 127.0.0.1. @defaultValue 8545 */
  port?: number;
  /** EIP-155 id, served as `evm:<id>`. @defaultValue 31337 */
  chainId?: number;
  /** Seed of the market simulator (same seed, same sequence of trades). */
  seed?: number;
  /** Milliseconds between simulator steps. */
  paceMs?: number;
  /** Called with the deployment once the contracts are on the chain (before ingest starts). */
  onDeployed?: (deployment: DevnetDeployment) => void;
};

/**
 * The dev stack's local EVM chain: anvil from its npm package, the real Uniswap V2/V3/V4
 * contracts with WETH9 and seeded tokens, the EVM ingest worker following it into the store,
 * and the market simulator trading from many wallets.
 */
export function createLocalEvmComponent(opts: LocalEvmOptions = {}): DevComponent {
  const chainId = opts.chainId ?? 31337;
  return createDevnetComponent<DevnetDeployment>(
    {
      startNode: ({ port, chainId: id }) => startAnvil({ port, chainId: id }),
      deploy: async (rpcUrl) => {
        const deployment = await deployUniswap(createDevnetClient({ rpcUrl, chainId }));
        opts.onDeployed?.(deployment);
        return deployment;
      },
      startIngest: async (rpcUrl, deployment, deps) => {
        const cfg = devnetEvmConfig(deployment, [{ url: rpcUrl }]);
        const rpc = createRpcClient({ endpoints: cfg.endpoints });
        const worker = startEvmChainWorker({
          cfg,
          rpc,
          db: deps.pool,
          ...(deps.bus ? { bus: deps.bus } : {}),
          onEvent: (event) => deps.ctx.logger.debug({ event }, "evm worker event"),
        });
        return { stop: () => worker.stop() };
      },
      startSimulator: async (rpcUrl, deployment, deps) => {
        const simulator = createMarketSimulator({
          client: createDevnetClient({ rpcUrl, chainId }),
          deployment,
          seed: opts.seed ?? 1,
          wallets: 12,
          paceMs: opts.paceMs ?? 250,
          logger: deps.ctx.logger.child({ component: "simulator" }),
        });
        simulator.start();
        return { stop: () => simulator.stop() };
      },
    },
    { port: opts.port ?? 8545, chainId },
  );
}
