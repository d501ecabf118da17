import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const STATIC_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "static");
const read = (name: string) => readFileSync(path.join(STATIC_DIR, name), "utf8");

/** The portal page, its script and its style, read once at start (plain files, no build step). */
export const PORTAL_HTML = read("index.html");
export const PORTAL_JS = read("app.js");
export const PORTAL_CSS = read("app.css");
