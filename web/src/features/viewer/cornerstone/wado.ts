import { wadors } from '@cornerstonejs/dicom-image-loader';
import { framesOverlap, mapSliceBetween, sliceNormal } from '@rayworks/contracts';
import { TAGS, num, nums, str, type DicomJson } from './dicom-json';
import { studyToken } from './token';

/** One series of a study as the viewer shows it (QIDO-RS series attributes). */
export interface SeriesInfo {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  modality: string;
  description: string;
  seriesNumber: number | null;
  instanceCount: number | null;
}

/** A series' stack: one image id per frame, in slice order, with each slice's geometry for sync and MPR. */
export interface SeriesStack {
  series: SeriesInfo;
  /** The series' WADO-RS URL (its frames in batches: `<url>/pixeldata?instances=…`). */
  url: string;
  imageIds: string[];
  /** The DICOM JSON of the instance behind each image id (tag browser, overlays). */
  instances: DicomJson[];
  positions: number[][];
  orientation: number[];
  /** FrameOfReferenceUID of the series (its first instance's), or null. */
  frameOfReferenceUid: string | null;
  /** ≥ 3 slices of one orientation with positions: MPR is possible (for CT/MR). */
  volumetric: boolean;
}

export class DicomwebError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The absolute DICOMweb root (the loader's image ids need a full URL). */
export const absoluteRoot = (url: string): string => new URL(url, window.location.origin).toString().replace(/\/$/, '');

async function getJson<T>(url: string, retried = false): Promise<T> {
  const token = studyToken.token;
  const res = await fetch(url, { headers: { Accept: 'application/dicom+json', ...studyToken.headers() } });
  if (res.status === 204) return [] as T;
  if (!res.ok) {
    // refused: renewed once and asked again; when the renewal is refused too, the page shows the link as expired
    if (res.status === 401 && !retried && (await studyToken.renewAfterRefusal(token))) return getJson<T>(url, true);
    let message = res.statusText;
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      /* not JSON */
    }
    throw new DicomwebError(res.status, message);
  }
  return (await res.json()) as T;
}

/** QIDO-RS: the study's series, in series-number order; limited to `only` (a split case's own series) if given. */
export async function listSeries(root: string, studyUid: string, only: string[] | null): Promise<SeriesInfo[]> {
  const rows = await getJson<DicomJson[]>(`${root}/studies/${studyUid}/series`);
  performance.mark(`viewer:series-list:${studyUid}`);
  return rows
    .map((r) => ({
      studyInstanceUid: studyUid,
      seriesInstanceUid: str(r, TAGS.seriesInstanceUid) ?? '',
      modality: str(r, TAGS.modality) ?? '',
      description: str(r, TAGS.seriesDescription) ?? '',
      seriesNumber: num(r, TAGS.seriesNumber),
      instanceCount: num(r, TAGS.seriesInstanceCount),
    }))
    .filter((s) => s.seriesInstanceUid && (!only || only.includes(s.seriesInstanceUid)))
    .sort((a, b) => (a.seriesNumber ?? 1e9) - (b.seriesNumber ?? 1e9));
}

const stacks = new Map<string, Promise<SeriesStack>>();

/**
 * WADO-RS series metadata, fetched once per series: every instance's metadata is registered with the loader's
 * wadors metaDataManager under its frame image ids (`wadors:<root>/studies/../instances/<sop>/frames/<n>`), and the
 * frames are ordered along the slice normal (else by instance number).
 */
export function loadSeriesStack(root: string, series: SeriesInfo): Promise<SeriesStack> {
  const key = `${series.studyInstanceUid}/${series.seriesInstanceUid}`;
  let stack = stacks.get(key);
  if (!stack) {
    stack = buildStack(root, series);
    stacks.set(key, stack);
    stack.catch(() => stacks.delete(key));
  }
  return stack;
}

async function buildStack(root: string, series: SeriesInfo): Promise<SeriesStack> {
  const base = `${root}/studies/${series.studyInstanceUid}/series/${series.seriesInstanceUid}`;
  const metadata = await getJson<DicomJson[]>(`${base}/metadata`);
  performance.mark(`viewer:metadata:${series.seriesInstanceUid}`);
  const orientation = nums(metadata[0] ?? {}, TAGS.imageOrientation);
  const normal = sliceNormal(orientation);
  const sorted = [...metadata].sort((a, b) => {
    const pa = nums(a, TAGS.imagePosition);
    const pb = nums(b, TAGS.imagePosition);
    if (normal && pa.length === 3 && pb.length === 3) {
      const da = pa[0]! * normal[0] + pa[1]! * normal[1] + pa[2]! * normal[2];
      const db = pb[0]! * normal[0] + pb[1]! * normal[1] + pb[2]! * normal[2];
      if (da !== db) return db - da; // head first for axial (superior = +z)
    }
    return (num(a, TAGS.instanceNumber) ?? 0) - (num(b, TAGS.instanceNumber) ?? 0);
  });
  const imageIds: string[] = [];
  const instances: DicomJson[] = [];
  const positions: number[][] = [];
  for (const instance of sorted) {
    const sop = str(instance, TAGS.sopInstanceUid);
    if (!sop) continue;
    const frames = Math.max(1, num(instance, TAGS.numberOfFrames) ?? 1);
    for (let f = 1; f <= frames; f++) {
      const imageId = `wadors:${base}/instances/${sop}/frames/${f}`;
      wadors.metaDataManager.add(imageId, instance as never);
      imageIds.push(imageId);
      instances.push(instance);
      positions.push(nums(instance, TAGS.imagePosition));
    }
  }
  const sameOrientation = sorted.every((i) => {
    const o = nums(i, TAGS.imageOrientation);
    return o.length === 6 && o.every((v, k) => Math.abs(v - (orientation[k] ?? 0)) < 1e-3);
  });
  const volumetric =
    ['CT', 'MR', 'PT'].includes(series.modality) &&
    imageIds.length >= 3 &&
    sorted.length === imageIds.length &&
    sameOrientation &&
    positions.every((p) => p.length === 3);
  const frameOfReferenceUid = str(sorted[0] ?? {}, TAGS.frameOfReferenceUid);
  return { series, url: base, imageIds, instances, positions, orientation, frameOfReferenceUid, volumetric };
}

/** Below this many instances the series' metadata is as quick as one instance's: no preview. */
export const PREVIEW_MIN_INSTANCES = 24;

/**
 * The image to show before the series' metadata has arrived (docs/decisions/0166): QIDO-RS answers a series'
 * instances in instance-number order, so `limit=1&offset=<half the count>` is the middle instance; its own
 * metadata is small. Null when the count is unknown or small (the series metadata is then as quick).
 */
export async function loadMiddleImage(root: string, series: SeriesInfo): Promise<string | null> {
  const count = series.instanceCount ?? 0;
  if (count < PREVIEW_MIN_INSTANCES) return null;
  const base = `${root}/studies/${series.studyInstanceUid}/series/${series.seriesInstanceUid}`;
  const [row] = await getJson<DicomJson[]>(`${base}/instances?limit=1&offset=${Math.floor(count / 2)}`);
  const sop = row ? str(row, TAGS.sopInstanceUid) : null;
  if (!sop) return null;
  const [instance] = await getJson<DicomJson[]>(`${base}/instances/${sop}/metadata`);
  if (!instance) return null;
  const frames = Math.max(1, num(instance, TAGS.numberOfFrames) ?? 1);
  const imageId = `wadors:${base}/instances/${sop}/frames/${frames > 1 ? Math.floor(frames / 2) + 1 : 1}`;
  wadors.metaDataManager.add(imageId, instance as never);
  return imageId;
}

/**
 * Where the slice `index` of stack A falls in stack B, by patient position: null when the two are not linked
 * (stacksLinked) or the slice is out of B's range.
 */
export function mapStackIndex(a: SeriesStack, index: number, b: SeriesStack): number | null {
  if (!stacksLinked(a, b)) return null;
  return mapSliceBetween({ positions: a.positions, orientation: a.orientation }, index, {
    positions: b.positions,
    orientation: b.orientation,
  });
}

/**
 * Whether two stacks scroll together by patient position: one frame of reference, or ranges that overlap along the
 * normal (framesOverlap; docs/decisions/0346).
 */
export function stacksLinked(a: SeriesStack, b: SeriesStack): boolean {
  return framesOverlap(a, b);
}

/** A series thumbnail (WADO-RS /thumbnail, else the middle frame rendered), as an object URL. */
export async function thumbnailUrl(root: string, series: SeriesInfo): Promise<string | null> {
  const res = await fetch(`${root}/studies/${series.studyInstanceUid}/series/${series.seriesInstanceUid}/thumbnail`, {
    headers: { Accept: 'image/jpeg, image/png', ...studyToken.headers() },
  });
  if (!res.ok) return null;
  return URL.createObjectURL(await res.blob());
}
