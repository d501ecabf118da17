import { ConfigError, createContext, createEnvReader, createPgPool, migrate } from "@tapeline/core";

/**
 * Entry point of the migrations Job: applies every pending migration (including the Citus distribution
 * where the extension exists) and exits 0, or exits non-zero so the Job retries.
 */
async function main(): Promise<void> {
  const { logger } = createContext({ name: "migrate" });
  const env = createEnvReader();
  const databaseUrl = env.string("DATABASE_URL");
  try {
    env.done();
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.fatal({ problems: err.problems }, err.message);
      process.exit(2);
    }
    throw err;
  }
  const pool = createPgPool({ url: databaseUrl, max: 1, applicationName: "tapeline-migrate" });
  try {
    const applied = await migrate(pool);
    logger.info({ applied }, applied.length ? "migrations applied" : "schema up to date");
  } finally {
    await pool.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
