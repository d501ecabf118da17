/** One request of the load and the status it must get. */
export type LoadRequest = { path: string; expect: number };

/** A request that did not get its expected status (or no answer at all), and when. */
export type LoadFailure = { path: string; at: number; status: number | null; body: string };

export type SteadyLoad = {
  /** Answers so far that got their expected status. */
  readonly ok: number;
  readonly failures: readonly LoadFailure[];
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
};

/**
 * A constant load on the router: `concurrency` loops, each sending the next of `requests` (round
 * robin) with the API key as soon as its previous answer came back, paced at `intervalMs` per loop.
 */
export function startSteadyLoad(opts: {
  url: string;
  apiKey: string;
  requests: readonly LoadRequest[];
  concurrency?: number;
  intervalMs?: number;
}): SteadyLoad {
  let ok = 0;
  const failures: LoadFailure[] = [];
  let running = true;
  let next = 0;
  const loop = async () => {
    while (running) {
      const req = opts.requests[next++ % opts.requests.length] as LoadRequest;
      const started = Date.now();
      try {
        const res = await fetch(`${opts.url}${req.path}`, {
          headers: { authorization: opts.apiKey },
          signal: AbortSignal.timeout(20_000),
        });
        const body = await res.text();
        if (res.status === req.expect) ok++;
        else failures.push({ path: req.path, at: started, status: res.status, body: body.slice(0, 300) });
      } catch (err) {
        failures.push({ path: req.path, at: started, status: null, body: String(err) });
      }
      const wait = (opts.intervalMs ?? 20) - (Date.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  };
  const loops = Array.from({ length: opts.concurrency ?? 4 }, loop);
  return {
    get ok() {
      return ok;
    },
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
