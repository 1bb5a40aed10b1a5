import { constants } from 'node:zlib';
import type { RequestHandler } from 'express';
import compression from 'compression';

/**
 * Brotli's quality for answers compressed as they are sent. A worklist page (57 KB of JSON) is 5.9 KB at 4 and 5.6 KB
 * at 5, but 5 cost 2–3 ms more per page at p50 (docs/benchmarks.md, 2026-11-27; decision 0197).
 */
export const BROTLI_QUALITY = 4;

/** Responses smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli (or gzip, for clients that do not offer br) for every compressible response, when the client asks for it:
 * JSON, HTML, JavaScript, CSS. Brotli quality 4 (BROTLI_QUALITY) is a per-request cost of about a millisecond per
 * 100 KB; the default 11 is meant for files compressed once at build time (docs/decisions/0050-console-delivery.md).
 * Binary types (images, DICOM, PDF, zip) are not compressible and pass untouched; a response that already has a
 * Content-Encoding is not compressed again.
 *
 * Every service compresses its own answers, where they are made (startHttpApp mounts this), and the gateway forwards
 * them as they are: the work is spread over the services' replicas instead of the one gateway in front of all of them,
 * and a 57 KB worklist page crosses the gateway as 6 KB (docs/decisions/0371-services-compress-their-answers.md).
 * The gateway mounts it for what it serves itself, the console.
 */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
}
