import { defineConfig } from "vitest/config";
import { findCitus } from "./services/core/src/testing/findCitus.ts";

/**
 * Suites that also run on a Citus cluster (coordinator + two workers) when the citus extension is
 * installed: they take their databases from createTestDatabase, which the `citus` project points
 * at the cluster. `TEST_CITUS_SUITES` (comma-separated paths) replaces the list, to run any other
 * suite on Citus. `*.citus.test.ts` files hold what only Citus has (shard plans); without Citus
 * they run in the default project and report themselves skipped.
 */
const CITUS_SUITES = process.env.TEST_CITUS_SUITES?.split(",").filter((s) => s !== "") ?? [
  "services/core/src/storage/migrate.test.ts",
  "test/conformance/marketApi.test.ts",
  "services/api/src/endpoints/traders/topTradersHttp.test.ts",
  "services/api/src/endpoints/traders/tokenTopTradersHttp.test.ts",
  "test/evm/evmIngest.devnet.test.ts",
  "test/evm/evmReorg.devnet.test.ts",
  "test/evm/evmCrashRestart.devnet.test.ts",
  "test/evm/evmWalletSwaps.devnet.test.ts",
  "test/evm/walletPositions.devnet.test.ts",
  "test/evm/tokenHolders.devnet.test.ts",
  "test/solana/solanaReplayWorker.test.ts",
  "test/solana/walletHistoryHttp.test.ts",
  "test/solana/tokenHolders.test.ts",
  "services/api/src/endpoints/traders/devTokensHttp.test.ts",
  "services/ingest/src/writer/deployerVerdicts.test.ts",
  "services/jobs/src/traders/slideTraderWindows.test.ts",
];
const CITUS_ONLY = "**/*.citus.test.ts";
const citus = findCitus()?.installed === true;

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // A worker keeps the modules it imported for the next file: importing the services afresh
    // for each of ~250 files cost more than a third of the suite's time. Suites share no module
    // state: each builds its own database, key prefix, registries and servers.
    isolate: false,
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ["test/globalSetup.ts"],
    reporters: ["default", "./test/summaryReporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "postgres",
          include: ["services/*/src/**/*.test.ts", "operator/src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: citus ? [CITUS_ONLY, "**/node_modules/**"] : ["**/node_modules/**"],
        },
      },
      ...(citus
        ? [
            {
              extends: true,
              test: {
                name: "citus",
                include: [...CITUS_SUITES, CITUS_ONLY],
                exclude: ["**/node_modules/**"],
                globalSetup: ["test/citusGlobalSetup.ts"],
                env: { TEST_DATABASE: "citus" },
              },
            },
          ]
        : []),
    ],
  },
});
