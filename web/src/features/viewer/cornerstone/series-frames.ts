import { Enums as CoreEnums, cache, imageLoader } from '@cornerstonejs/core';
import { TAGS, num, type DicomJson } from './dicom-json';
import { batchesOf, prefetchWindow } from './load-order';
import { boundaryOf, frameKey, multipartParts, transferSyntaxOf } from './multipart-stream';
import { studyToken } from './token';

/**
 * A series' frames fetched in few large requests (docs/decisions/0330): the images of a stack, in the order they
 * are wanted (the one shown, then outwards; ahead of a playing cine), asked BATCH_INSTANCES instances at a time from
 * WADO-RS `…/series/{uid}/pixeldata?instances=…` (one multipart answer each, streamed), BATCHES_IN_FLIGHT batches
 * at once. Each frame, as soon as its part is in, is handed to Cornerstone's own loader through its compressed
 * frame data registry (a metadata provider of `compressedFrameData`, which the wadors loader reads before it goes to
 * the network), so the loader's Web Workers decode it and the image cache holds it as if it had fetched it. A series
 * larger than the cache is held as a window around the image shown (evicted behind, fetched ahead).
 */

export const BATCH_INSTANCES = 24;
export const BATCHES_IN_FLIGHT = 3;
/** The window moves when the image shown has moved this far from where it was last placed. */
const REFOCUS_STEP = 8;
/** Images of the cache left to other series (a prior beside it) when a series is larger than the cache. */
const CACHE_MARGIN_IMAGES = 16;

const COMPRESSED_FRAME_DATA = CoreEnums.MetadataModules.COMPRESSED_FRAME_DATA;
const FRAMES_ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';

/** Frames fetched and not yet decoded, by image id: what the loader's registry lookup answers. */
const fetched = new Map<string, { pixelData: Uint8Array; transferSyntaxUid: string }>();

/** The metadata provider Cornerstone's wadors loader asks for a frame's bytes before it fetches them itself. */
export function fetchedFrameProvider(type: string, imageId: unknown): unknown {
  if (type !== COMPRESSED_FRAME_DATA || typeof imageId !== 'string') return undefined;
  return fetched.get(imageId);
}

/** Bytes one decoded image of this instance holds in the cache (16-bit grey: 2 per pixel; colour: 4). */
export function imageBytes(instance: DicomJson | undefined): number {
  const rows = num(instance ?? {}, TAGS.rows) ?? 512;
  const columns = num(instance ?? {}, TAGS.columns) ?? 512;
  const samples = num(instance ?? {}, '00280002') ?? 1;
  const bits = num(instance ?? {}, '00280100') ?? 16;
  return rows * columns * (samples > 1 ? 4 : Math.max(1, Math.ceil(bits / 8)));
}

async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * One viewport's stack, fetched in batches around the image it shows. `focus` places the window (called when the
 * image shown changes; cheap when it has not moved far), `stop` abandons what is in flight.
 */
export class SeriesPrefetcher {
  /** How many images of this stack the cache holds at once. */
  readonly capacity: number;
  private readonly sops: string[];
  private readonly keys = new Map<string, number>();
  private readonly pending = new Set<number>();
  private readonly loadedOnce = new Set<number>();
  private wanted: number[] = [];
  private window = new Set<number>();
  private inFlight = 0;
  private focused: { at: number; direction: number } | null = null;
  private readonly abort = new AbortController();
  private completed = false;

  constructor(
    private readonly seriesUrl: string,
    private readonly imageIds: readonly string[],
    instances: readonly DicomJson[],
    cacheLimit: number,
    /** Every image of the window (the whole stack when it fits the cache) loaded once. */
    private readonly onComplete: () => void,
  ) {
    this.capacity = Math.max(1, Math.floor(cacheLimit / imageBytes(instances[0])) - CACHE_MARGIN_IMAGES);
    this.sops = imageIds.map((id, index) => {
      const key = frameKey(id) ?? '';
      this.keys.set(key, index);
      return key.split('/')[0] ?? '';
    });
  }

  /** Whether the whole stack fits the cache (else a window of `capacity` images moves with the image shown). */
  get fits(): boolean {
    return this.imageIds.length <= this.capacity;
  }

  /** The image shown is `at`; `direction` +1/-1 while a cine plays that way (0: scrolling either way). */
  focus(at: number, direction = 0, loop = false): void {
    const last = this.focused;
    if (last && last.direction === direction && Math.abs(at - last.at) < REFOCUS_STEP) return;
    this.focused = { at, direction };
    const order = prefetchWindow(this.imageIds.length, at, this.capacity, direction, loop);
    this.window = new Set(order);
    if (!this.fits) this.evictOutside();
    this.wanted = order.filter((index) => !this.pending.has(index) && !cache.getImageLoadObject(this.imageIds[index]!));
    for (const index of order) if (cache.isLoaded(this.imageIds[index]!)) this.loaded(index);
    this.pump();
  }

  stop(): void {
    this.abort.abort();
    this.wanted = [];
  }

  /** Images of this stack outside the window are dropped from the cache (behind a cine, far from the one shown). */
  private evictOutside(): void {
    this.imageIds.forEach((imageId, index) => {
      if (!this.window.has(index) && cache.isLoaded(imageId)) cache.removeImageLoadObject(imageId);
    });
  }

  private loaded(index: number): void {
    if (!this.window.has(index)) return;
    this.loadedOnce.add(index);
    if (!this.completed && this.loadedOnce.size >= Math.min(this.imageIds.length, this.capacity)) {
      this.completed = true;
      this.onComplete();
    }
  }

  private pump(): void {
    while (this.inFlight < BATCHES_IN_FLIGHT && this.wanted.length > 0 && !this.abort.signal.aborted) {
      const next = this.wanted.filter((i) => !this.pending.has(i) && !cache.getImageLoadObject(this.imageIds[i]!));
      const [batch] = batchesOf(next, (i) => this.sops[i]!, BATCH_INSTANCES);
      if (!batch) {
        this.wanted = [];
        return;
      }
      const taken = new Set(batch);
      this.wanted = next.filter((i) => !taken.has(i));
      for (const index of batch) this.pending.add(index);
      this.inFlight += 1;
      void this.fetchBatch(batch)
        .catch(() => this.oneByOne(batch))
        .finally(() => {
          this.inFlight -= 1;
          for (const index of batch) this.pending.delete(index);
          this.pump();
        });
    }
  }

  /** A batch that failed (not abandoned): its images not yet in the cache are the loader's own requests. */
  private async oneByOne(batch: number[]): Promise<void> {
    if (this.abort.signal.aborted) return;
    await Promise.all(
      batch
        .filter((index) => !cache.getImageLoadObject(this.imageIds[index]!))
        .map((index) =>
          imageLoader
            .loadAndCacheImage(this.imageIds[index]!, {
              priority: 5,
              requestType: CoreEnums.RequestType.Prefetch,
            } as never)
            .then(
              () => this.loaded(index),
              () => this.loaded(index),
            ),
        ),
    );
  }

  private async fetchBatch(batch: number[], retried = false): Promise<void> {
    const sops = [...new Set(batch.map((i) => this.sops[i]!))];
    const token = studyToken.token;
    const res = await fetch(`${this.seriesUrl}/pixeldata?instances=${sops.join(',')}`, {
      headers: { Accept: FRAMES_ACCEPT, ...studyToken.headers() },
      signal: this.abort.signal,
    });
    if (res.status === 401 && !retried && (await studyToken.renewAfterRefusal(token)))
      return this.fetchBatch(batch, true);
    const boundary = boundaryOf(res.headers.get('Content-Type'));
    if (!res.ok || !res.body || !boundary) throw new Error(`pixeldata answered ${res.status}`);
    const decoding: Promise<unknown>[] = [];
    for await (const part of multipartParts(chunksOf(res.body), boundary)) {
      const key = frameKey(part.headers['content-location'] ?? '');
      const index = key === null ? undefined : this.keys.get(key);
      if (index === undefined) continue;
      const imageId = this.imageIds[index]!;
      if (cache.getImageLoadObject(imageId)) {
        this.loaded(index);
        continue;
      }
      fetched.set(imageId, { pixelData: part.body, transferSyntaxUid: transferSyntaxOf(part.headers['content-type']) });
      decoding.push(
        imageLoader
          .loadAndCacheImage(imageId, { priority: 5, requestType: CoreEnums.RequestType.Prefetch } as never)
          // an image that cannot be decoded counts as tried (its viewport shows the loader's error), as before
          .then(
            () => this.loaded(index),
            () => this.loaded(index),
          )
          .finally(() => fetched.delete(imageId)),
      );
    }
    // the batch counts as in flight until its frames are decoded: what is held stays bounded
    await Promise.all(decoding);
  }
}
