import { createRestClient, type RestClient, type RestClientOptions } from "./createRestClient.ts";
import { createStreamClient, type StreamClient, type StreamClientOptions } from "./createStreamClient.ts";

export type TapelineClient = RestClient & {
  /** Opens a live stream connection with the client's key (see `createStreamClient`). */
  stream(opts?: Omit<StreamClientOptions, "baseUrl" | "apiKey">): StreamClient;
};

/**
 * The REST API and the live streams of one deployment, with one key.
 * @example
 * const tl = createTapelineClient({ baseUrl: "http://127.0.0.1:8080", apiKey: process.env.TAPELINE_KEY });
 * const { data } = await tl.get("/v1/token/price", { chain: "solana", address: mint });
 */
export function createTapelineClient(opts: RestClientOptions & { apiKey: string }): TapelineClient {
  const rest = createRestClient(opts);
  return {
    ...rest,
    stream: (streamOpts = {}) =>
      createStreamClient({ ...streamOpts, baseUrl: opts.baseUrl, apiKey: opts.apiKey }),
  };
}
