import type { StorageService } from '../storage/storage.service.js';

/** The image type of stored bytes from their magic numbers (PNG, JPEG, GIF, WebP), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 6 && bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.length > 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * An object of the store as a data: URL of its image type, for a print document (the PdfPrinter fetches nothing:
 * a document brings its images inline); null when absent, unreadable or not an image.
 */
export async function storedImageDataUrl(storage: StorageService, key: string | null): Promise<string | null> {
  if (!key) return null;
  try {
    const bytes = await storage.get(key);
    const type = imageTypeOf(bytes);
    return type ? `data:${type};base64,${bytes.toString('base64')}` : null;
  } catch {
    return null;
  }
}

/** The object key of a report layout's image ({fileID} — the layout stores the object key as its file id — or {key}). */
export function fileKeyOf(ref: unknown): string | null {
  if (typeof ref !== 'object' || ref === null) return null;
  const r = ref as { key?: unknown; fileID?: unknown };
  if (typeof r.key === 'string' && r.key) return r.key;
  if (typeof r.fileID === 'string' && r.fileID) return r.fileID;
  return null;
}
