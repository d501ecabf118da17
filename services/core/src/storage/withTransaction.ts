import type pg from "pg";

/**
 * Runs `fn` between `begin` and `commit` on one client of `pool`. When `fn` throws, the
 * transaction is rolled back and the error rethrown; a client whose rollback fails too (its
 * connection is gone) is destroyed instead of going back to the pool.
 * @param opts.begin the opening statement, e.g. `begin isolation level repeatable read read only`
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  opts: { begin?: string } = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(opts.begin ?? "begin");
    const result = await fn(client);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch((rollbackErr: Error) => {
      broken = rollbackErr;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
