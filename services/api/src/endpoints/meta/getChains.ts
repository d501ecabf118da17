import { envelope } from "@tapeline/core";
import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

const chain = z.object({
  chain: z.string().describe("chain id: evm:<EIP-155 chain id> or solana"),
  name: z.string(),
  slug: z.string(),
  family: z.enum(["evm", "solana"]),
  nativeSymbol: z.string(),
  status: z.string().describe("e.g. live"),
});

/** `GET /v1/meta/chains` (free): the chains this deployment serves, from the store. */
export const getChains = defineEndpoint({
  method: "GET",
  path: "/v1/meta/chains",
  summary: "Chains served by this deployment",
  tags: ["meta"],
  query: z.strictObject({}),
  response: z.object({ data: z.array(chain), meta: z.object({ asOf: z.int() }) }),
  credits: { kind: "free" },
  demo: true,
  async handler({ shards }) {
    const chains = await shards.any().listChains();
    return {
      body: envelope(
        chains.map((c) => ({
          chain: c.chain,
          name: c.name,
          slug: c.slug,
          family: c.family,
          nativeSymbol: c.nativeSymbol,
          status: c.status,
        })),
      ),
    };
  },
});
