import { Hono } from "hono";

// The bench only reads Ponder's own /health and /ready.
export default new Hono();
