import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Raw, gzip and brotli sizes of some bytes, in bytes. */
export interface CompressedSizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Size of some bytes after gzip at level 9, in bytes. */
export function gzipSize(bytes: Uint8Array): number {
  return gzipSync(bytes, { level: 9 }).byteLength;
}

/** Sizes at the highest settings a CDN would use: gzip level 9, brotli quality 11 in text mode. */
export function compressedSizes(bytes: Uint8Array): CompressedSizes {
  return {
    raw: bytes.byteLength,
    gzip: gzipSize(bytes),
    brotli: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }).byteLength,
  };
}
