import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import { utf8Bytes } from "@tapeline/core";

/** Bodies below this size are always sent as they are. */
const GZIP_MIN_BYTES = 1024;

/** A piece of a serialized body: JSON text or its UTF-8 bytes. */
type Part = string | Buffer;

/**
 * A response body serialized once: its JSON bytes, in one piece or several (a batch's slots
 * around its envelope), and, each made on first use, their weak ETag (the form Express gives by
 * default) and a gzip copy. An endpoint that answers the same result object many times (a cached
 * page) returns one of these as its body, so the JSON is neither rebuilt, re-hashed nor
 * recompressed per request. The pieces joined must be valid JSON text.
 *
 * Pieces are written one after another in one gathering write the first time, which spares
 * copying a batch of up to megabytes into one Buffer per request. A body answered a second time
 * is joined into one Buffer then, and that Buffer written from then on. Text is encoded once at
 * construction: written as a string it measured no cheaper in the wallet swaps bench (the
 * response joins its headers to a string body, a copy on the heap).
 */
export class SerializedJson {
  readonly #parts: readonly Part[];
  #bytes: Buffer | null;
  #length = -1;
  #written = false;
  #etag: string | null = null;
  #gzip: Buffer | null = null;

  constructor(json: Part | readonly Part[]) {
    if (typeof json === "string") json = utf8Bytes(json);
    this.#parts = Buffer.isBuffer(json) ? [json] : json;
    const only = this.#parts.length === 1 ? this.#parts[0] : undefined;
    this.#bytes = Buffer.isBuffer(only) ? only : null;
  }

  /** The body's length in bytes. */
  get byteLength(): number {
    if (this.#length < 0) {
      let n = 0;
      for (const p of this.#parts) n += typeof p === "string" ? Buffer.byteLength(p) : p.length;
      this.#length = n;
    }
    return this.#length;
  }

  /** The body as one Buffer, joined on first use. */
  get bytes(): Buffer {
    this.#bytes ??= Buffer.concat(
      this.#parts.map((p) => (typeof p === "string" ? utf8Bytes(p) : p)),
      this.byteLength,
    );
    return this.#bytes;
  }

  /** The weak ETag of the bytes (hashed on first use: a large batch body is never asked for one). */
  get etag(): string {
    if (this.#etag === null) {
      const hasher = createHash("sha1");
      for (const p of this.#parts) hasher.update(p);
      const hash = hasher.digest("base64").substring(0, 27);
      this.#etag = `W/"${this.byteLength.toString(16)}-${hash}"`;
    }
    return this.#etag;
  }

  /** Whether the body is large enough to be worth compressing. */
  get compressible(): boolean {
    return this.byteLength >= GZIP_MIN_BYTES;
  }

  /** The gzip encoding of the bytes (fastest level: a candle page shrinks about tenfold in ~2 ms). */
  get gzip(): Buffer {
    this.#gzip ??= gzipSync(this.bytes, { level: constants.Z_BEST_SPEED });
    return this.#gzip;
  }

  /** Ends `res` with the body (its headers already set). */
  end(res: ServerResponse): void {
    if (this.#bytes !== null || this.#written) {
      res.end(this.bytes);
      return;
    }
    this.#written = true;
    // corked, the pieces leave in one write when the answer ends
    res.cork();
    for (const p of this.#parts) res.write(p);
    res.end();
  }
}
