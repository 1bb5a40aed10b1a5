import type { DicomJsonAttribute, DicomJsonObject } from '@rayworks/contracts';
import { PIXEL_DATA_TAGS, withBulkDataUris, type BulkDataRef } from '@rayworks/dicom';

/**
 * Where a bulk data element's value lies in the stored file, kept in the instance's DICOM JSON in place of its value
 * (`{ vr, BulkDataURI: 'rayworks-bulk:<offset>:<length>' }`): WADO-RS /metadata turns it into a BulkDataURI of the
 * bulkdata route, which reads those bytes (docs/decisions/0210-dicomweb-bulk-data.md). Never sent as is: QIDO and
 * /metadata answers rewrite or drop it. The top-level Pixel Data is not kept this way: its own columns say where it is.
 */
const LOCATOR = /^rayworks-bulk:(\d+):(\d+)$/;

export const bulkLocator = (offset: number, length: number): string => `rayworks-bulk:${offset}:${length}`;

/** The byte range a kept locator names, or null when the value is not one. */
export function parseBulkLocator(uri: string | undefined): { offset: number; length: number } | null {
  const m = uri ? LOCATOR.exec(uri) : null;
  return m ? { offset: Number(m[1]), length: Number(m[2]) } : null;
}

/** The DICOM JSON to keep: each bulk element but the top-level pixel data as a locator of its bytes in the file. */
export function withBulkLocators(json: DicomJsonObject, refs: readonly BulkDataRef[]): DicomJsonObject {
  const kept = refs.filter((ref) => !(ref.path.length === 0 && ref.tag === PIXEL_DATA_TAGS[2]));
  return kept.length ? withBulkDataUris(json, kept, (ref) => bulkLocator(ref.offset, ref.length)) : json;
}

/** Calls `visit` with each attribute holding a locator, and its path (`tag` or `seqTag.index.tag`...). */
function mapAttributes(
  json: DicomJsonObject,
  rewrite: (attribute: DicomJsonAttribute, path: string) => DicomJsonAttribute | null,
  prefix = '',
): DicomJsonObject {
  const out: DicomJsonObject = {};
  for (const [tag, attribute] of Object.entries(json)) {
    const path = `${prefix}${tag}`;
    if (attribute.vr === 'SQ' && Array.isArray(attribute.Value)) {
      out[tag] = {
        ...attribute,
        Value: attribute.Value.map((item, index) =>
          item && typeof item === 'object'
            ? mapAttributes(item as DicomJsonObject, rewrite, `${path}.${index}.`)
            : item,
        ),
      };
      continue;
    }
    const next = parseBulkLocator(attribute.BulkDataURI) ? rewrite(attribute, path) : attribute;
    if (next) out[tag] = next;
  }
  return out;
}

/** The kept JSON with every locator turned into a BulkDataURI: `uriOf(path)` (path as bulkAt takes it). */
export function withPublicBulkDataUris(json: DicomJsonObject, uriOf: (path: string) => string): DicomJsonObject {
  return mapAttributes(json, (attribute, path) => ({ vr: attribute.vr, BulkDataURI: uriOf(path) }));
}

/** The kept JSON without its bulk data elements (QIDO answers carry none). */
export function withoutBulkData(json: DicomJsonObject): DicomJsonObject {
  const top: DicomJsonObject = {};
  for (const [tag, attribute] of Object.entries(json)) if (!attribute.BulkDataURI) top[tag] = attribute;
  return mapAttributes(top, () => null);
}

/** A path of the bulkdata route: a tag, or sequence tag, item index, tag ... joined by dots. */
const PATH = /^[0-9A-F]{8}(\.\d{1,6}\.[0-9A-F]{8}){0,8}$/;

/** The bulk data element a path names in the kept JSON (with its VR and where its bytes are), or null. */
export function bulkAt(json: DicomJsonObject, path: string): { vr: string; offset: number; length: number } | null {
  const upper = path.toUpperCase();
  if (!PATH.test(upper)) return null;
  const steps = upper.split('.');
  let dataset: DicomJsonObject | undefined = json;
  for (let i = 0; dataset && i < steps.length - 1; i += 2) {
    const item: unknown = dataset[steps[i]!]?.Value?.[Number(steps[i + 1])];
    dataset = item && typeof item === 'object' ? (item as DicomJsonObject) : undefined;
  }
  const attribute = dataset?.[steps[steps.length - 1]!];
  const where = parseBulkLocator(attribute?.BulkDataURI);
  return attribute && where ? { vr: attribute.vr, ...where } : null;
}
