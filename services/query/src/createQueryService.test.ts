import { createContext, type QueryApi } from "@tapeline/core";
import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueryService } from "./createQueryService.ts";
import type { QueryProvider } from "./QueryProvider.ts";

let db: TestDatabase;
const ctx = createContext({ name: "query-test", level: "silent" });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const provider = (name: string, methods: Record<string, unknown>, log: string[] = []): QueryProvider => ({
  name,
  create: async (deps) => {
    log.push(`create ${name} pool=${deps.pool === db.pool}`);
    return { methods: methods as Partial<QueryApi>, close: async () => void log.push(`close ${name}`) };
  },
});

describe("createQueryService", () => {
  it("merges provider methods into one QueryApi beside the meta queries", async () => {
    const log: string[] = [];
    const service = await createQueryService({
      pool: db.pool,
      ctx,
      providers: [
        provider("a", { alpha: async () => "A" }, log),
        provider("b", { beta: async (x: number) => x + 1 }, log),
      ],
    });
    const api = service.api as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    expect(await api.alpha?.()).toBe("A");
    expect(await api.beta?.(41)).toBe(42);
    expect(await service.api.listChains()).toEqual([]);
    expect([...service.methods].sort()).toEqual(["alpha", "beta", "listChains", "readiness"]);
    await service.close();
    expect(log).toEqual(["create a pool=true", "create b pool=true", "close b", "close a"]);
  });

  it("refuses two providers defining one method, releasing what was built", async () => {
    const log: string[] = [];
    await expect(
      createQueryService({
        pool: db.pool,
        ctx,
        providers: [provider("a", { same: async () => 1 }, log), provider("b", { same: async () => 2 }, log)],
      }),
    ).rejects.toThrow(/same is defined by both a and b/);
    expect(log).toEqual(["create a pool=true", "create b pool=true", "close b", "close a"]);
    await expect(
      createQueryService({ pool: db.pool, ctx, providers: [provider("c", { listChains: async () => [] })] }),
    ).rejects.toThrow(/listChains is defined by both meta and c/);
  });
});
