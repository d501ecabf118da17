import type { QueryApi } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import type { ShardClient } from "../shardClient.ts";
import { keyRoute } from "./keyRoute.ts";

describe("keyRoute", () => {
  it("finds the key's shard only when the shard is asked for", () => {
    const asked: string[] = [];
    const api = {} as QueryApi;
    const shards = {
      forKey(key: string) {
        asked.push(key);
        return api;
      },
    } as unknown as ShardClient;
    const route = keyRoute(shards, "evm:1/0xabc", { chain: "evm:1", address: "0xabc" });
    expect(route).toMatchObject({ chain: "evm:1", address: "0xabc", key: "evm:1/0xabc" });
    expect(asked).toEqual([]);
    expect(route.shard).toBe(api);
    expect(asked).toEqual(["evm:1/0xabc"]);
  });
});
