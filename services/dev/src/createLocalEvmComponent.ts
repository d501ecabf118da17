import { createContext, freePort } from "@tapeline/core";
import { startIngestService } from "@tapeline/ingest";
import {
  createDevnetClient,
  createMarketSimulator,
  type DevnetDeployment,
  deployUniswap,
  devnetEvmConfig,
  startAnvil,
} from "@tapeline/ingest/devnet";
import { createDevnetComponent } from "./createDevnetComponent.ts";
import { DEV_CHAINS, seedDevChains } from "./seedDevChains.ts";
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
 * contracts with WETH9 and seeded tokens, the EVM ingest service following it into the store
 * (started through the entry the container runs), and the market simulator trading from many
 * wallets.
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
      // The ingest's own entry, configured as the operator's Deployment configures it (plus the
      // devnet's factories and tokens): schema check, chain registration, live start, /readyz
      // and metrics, on the dev stack's store and bus.
      startIngest: async (rpcUrl, deployment, deps) => {
        const cfg = devnetEvmConfig(deployment, [{ url: rpcUrl }]);
        const ctx = createContext({ name: "ingest", level: deps.ctx.logger.level });
        const { port } = await startIngestService(
          ctx,
          {
            CHAIN_ID: `evm:${chainId}`,
            CHAIN_NAME: DEV_CHAINS[0].slug,
            FINALITY_DEPTH: String(DEV_CHAINS[0].finalityDepth),
            VENUES: "UNISWAP_V2,UNISWAP_V3,UNISWAP_V4",
            START_BLOCK: deployment.startBlock.toString(),
            RPC_URL_COUNT: "1",
            RPC_URL_0: rpcUrl,
            DATABASE_URL: deps.databaseUrl,
            // events go on the dev stack's in-process bus (passed below), shared with its API
            BUS: "memory",
            WRAPPED_NATIVE: deployment.weth,
            STABLECOINS: deployment.usdc,
            EXTRA_FACTORIES: JSON.stringify(cfg.factories),
            POLL_INTERVAL_MS: "200",
            HOST: "127.0.0.1",
            PORT: String(await freePort()),
          },
          (err) => deps.ctx.logger.error({ err }, "devnet ingest worker stopped"),
          deps.bus ?? undefined,
        );
        // the ingest registered the chain by its slug; the dev stack shows its own names
        await seedDevChains(deps.pool);
        deps.ctx.logger.info({ port }, "devnet ingest worker serving /readyz and /metrics");
        return { stop: () => ctx.shutdown.run("dev stack stopping") };
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
