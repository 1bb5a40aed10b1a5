import { constants } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';

/**
 * Brotli's quality for answers compressed as they are sent. A worklist page (57 KB of JSON) is 5.9 KB at 4 and 5.6 KB
 * at 5, but 5 cost the gateway 2–3 ms more per page at p50 (docs/benchmarks.md, 2026-11-27; decision 0197).
 */
export const BROTLI_QUALITY = 4;

/** Responses smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Brotli (or gzip, for clients that do not offer br) for every compressible response of the gateway: the console's
 * HTML, JavaScript and CSS, and the services' JSON forwarded through /api. Brotli quality 4 (BROTLI_QUALITY) is a
 * per-request cost of about a millisecond per 100 KB; the default 11 is meant for files compressed once at build
 * time (docs/decisions/0050-console-delivery.md). Binary types (images, DICOM, PDF) are not compressible and pass
 * untouched; a response that already has a Content-Encoding (a service that compressed it) is not compressed again.
 * Mount before the proxies and the console, so both go through it.
 */
export function mountCompression(app: INestApplication): void {
  app.use(
    compression({
      threshold: COMPRESSION_THRESHOLD_BYTES,
      brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    }),
  );
}
