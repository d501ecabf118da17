export * from "./createTestDatabase.ts";
