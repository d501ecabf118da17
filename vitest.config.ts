import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["services/*/src/**/*.test.ts", "operator/src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
    globalSetup: ["test/globalSetup.ts"],
    reporters: ["default", "./test/summaryReporter.ts"],
  },
});
