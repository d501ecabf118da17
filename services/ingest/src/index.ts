export * from "./writer/candleBucketsSql.ts";
export * from "./writer/IngestBatch.ts";
export * from "./writer/pruneFinalized.ts";
export * from "./writer/rollbackTo.ts";
export * from "./writer/writeBatch.ts";
