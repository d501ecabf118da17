import { findCitus, startCitusCluster } from "@tapeline/core/testing";

/**
 * Runs once per `vitest run` for the `citus` project: starts a coordinator and two workers and
 * hands their URLs to the suites (`TEST_CITUS_URLS`, read by createTestDatabase); stops them at the end.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const install = findCitus();
  if (!install?.installed)
    throw new Error("the citus project runs only where the citus extension is installed");
  const cluster = await startCitusCluster(install);
  process.env.TEST_CITUS_URLS = cluster.urls.join(",");
  return () => cluster.stop();
}
