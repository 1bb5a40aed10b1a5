import {
  cache,
  init as coreInit,
  imageLoadPoolManager,
  metaData,
  Enums as CoreEnums,
  volumeLoader,
  cornerstoneStreamingImageVolumeLoader,
} from '@cornerstonejs/core';
import { init as loaderInit } from '@cornerstonejs/dicom-image-loader';
import {
  AngleTool,
  CrosshairsTool,
  EllipticalROITool,
  LengthTool,
  PanTool,
  ProbeTool,
  RectangleROITool,
  StackScrollTool,
  WindowLevelTool,
  ZoomTool,
  addTool,
  init as toolsInit,
} from '@cornerstonejs/tools';
import { fetchedFrameProvider } from './series-frames';
import { studyToken } from './token';

/**
 * The image cache's limit (docs/decisions/0166): decoded pixels of every open series share it; Cornerstone evicts
 * the least recently used images past it, so memory stays bounded whatever the study size, and a series larger
 * than the cache still scrolls (an evicted image is fetched and decoded again when shown).
 */
export const CACHE_LIMIT_BYTES = 512 * 1024 * 1024;

/** Decoding runs in Web Workers: one per core, leaving one for the page. */
export const maxWebWorkers = (): number =>
  Math.max(1, Math.min(8, (typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2) - 1));

/** Requests in flight per kind: interaction (the image shown) first, then prefetch of the rest of the stack. */
const MAX_INTERACTION = 6;
const MAX_PREFETCH = 8;

declare global {
  interface Window {
    __rayworksViewer?: { cacheLimitBytes: number; cacheBytes(): number };
  }
}

let ready: Promise<void> | null = null;

/** Initializes Cornerstone core, tools and the DICOM image loader once per page. */
export function initCornerstone(): Promise<void> {
  ready ??= (async () => {
    coreInit();
    loaderInit({
      maxWebWorkers: maxWebWorkers(),
      // WADO-RS frames and metadata carry the study token (never the console's session token)
      beforeSend: () => studyToken.headers(),
      // a frame refused with 401: the study token has expired (a renewal is tried; the frame loads when shown again)
      errorInterceptor: (error) => {
        if ((error.status ?? error.request?.status) === 401) void studyToken.renewAfterRefusal(null);
      },
    });
    volumeLoader.registerVolumeLoader(
      'cornerstoneStreamingImageVolume',
      cornerstoneStreamingImageVolumeLoader as never,
    );
    toolsInit();
    for (const tool of [
      WindowLevelTool,
      PanTool,
      ZoomTool,
      StackScrollTool,
      LengthTool,
      AngleTool,
      EllipticalROITool,
      RectangleROITool,
      ProbeTool,
      CrosshairsTool,
    ]) {
      addTool(tool);
    }
    // frames fetched in batches (series-frames.ts) reach the wadors loader through its compressed frame registry
    metaData.addProvider(fetchedFrameProvider as never, 10_000);
    cache.setMaxCacheSize(CACHE_LIMIT_BYTES);
    imageLoadPoolManager.setMaxSimultaneousRequests(CoreEnums.RequestType.Interaction, MAX_INTERACTION);
    imageLoadPoolManager.setMaxSimultaneousRequests(CoreEnums.RequestType.Prefetch, MAX_PREFETCH);
    window.__rayworksViewer = { cacheLimitBytes: CACHE_LIMIT_BYTES, cacheBytes: () => cache.getCacheSize() };
  })();
  return ready;
}
