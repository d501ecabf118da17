import pg from "pg";

/**
 * Creates database `name` on every node of a Citus cluster (`urls`: admin URLs, coordinator
 * first), creates the `citus` extension in each, and registers the coordinator and the workers
 * in the coordinator's copy: Citus keeps its node list per database.
 * @returns the coordinator's URL of the new database and a function dropping it everywhere.
 */
export async function createCitusDatabase(
  urls: string[],
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const inDb = (url: string): string => url.replace(/\/[^/]*$/, `/${name}`);
  const withClient = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const drop = async (): Promise<void> => {
    await Promise.all(
      urls.map((u) => withClient(u, (c) => c.query(`drop database if exists ${name} with (force)`))),
    );
  };
  try {
    await Promise.all(
      urls.map(async (u) => {
        await withClient(u, (c) => c.query(`create database ${name}`));
        await withClient(inDb(u), (c) => c.query("create extension citus"));
      }),
    );
    await withClient(inDb(urls[0]!), async (c) => {
      const port = (u: string): number => Number(new URL(u).port);
      await c.query("select citus_set_coordinator_host('127.0.0.1', $1)", [port(urls[0]!)]);
      for (const w of urls.slice(1)) await addNode(c, port(w));
    });
  } catch (err) {
    await drop().catch(() => {});
    throw err;
  }
  return { url: inDb(urls[0]!), drop };
}

/**
 * Registers a worker. The coordinator opens a connection to it for that, and under a full test
 * run (dozens of databases, each with its pools and Citus's own connections) an attempt can fail
 * on that connection alone; the registration is repeated then, a few times.
 */
async function addNode(c: pg.Client, port: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query("select citus_add_node('127.0.0.1', $1)", [port]);
      return;
    } catch (err) {
      const message = (err as Error).message;
      if (attempt >= 4 || !message.includes("failure on connection")) throw err;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
}
