/** Reading DICOM JSON (PS3.18 F.2) attributes: `{ "00080060": { vr: "CS", Value: ["CT"] } }`. */
export type DicomJson = Record<string, { vr?: string; Value?: unknown[]; BulkDataURI?: string; InlineBinary?: string }>;

export const TAGS = {
  studyInstanceUid: '0020000D',
  seriesInstanceUid: '0020000E',
  sopInstanceUid: '00080018',
  modality: '00080060',
  seriesDescription: '0008103E',
  seriesNumber: '00200011',
  instanceNumber: '00200013',
  seriesInstanceCount: '00201209',
  imagePosition: '00200032',
  imageOrientation: '00200037',
  frameOfReferenceUid: '00200052',
  sliceLocation: '00201041',
  sliceThickness: '00180050',
  numberOfFrames: '00280008',
  patientName: '00100010',
  patientId: '00100020',
  studyDate: '00080020',
  rows: '00280010',
  columns: '00280011',
} as const;

export function values(json: DicomJson, tag: string): unknown[] {
  return json[tag]?.Value ?? [];
}

/** The first value as a string (a person name's Alphabetic group), or null. */
export function str(json: DicomJson, tag: string): string | null {
  const v = values(json, tag)[0];
  if (v === undefined || v === null) return null;
  if (typeof v === 'object' && 'Alphabetic' in (v as object)) return String((v as { Alphabetic: unknown }).Alphabetic);
  return String(v);
}

export function num(json: DicomJson, tag: string): number | null {
  const v = values(json, tag)[0];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

export function nums(json: DicomJson, tag: string): number[] {
  return values(json, tag)
    .map((v) => Number(v))
    .filter((n) => Number.isFinite(n));
}

/** The DICOM JSON as table rows for the tag browser: tag, VR and a short text of the value. */
export function tagRows(json: DicomJson): { tag: string; vr: string; value: string }[] {
  return Object.keys(json)
    .sort()
    .map((tag) => {
      const e = json[tag]!;
      let value = '';
      if (e.Value) {
        value = e.Value.map((v) =>
          v !== null && typeof v === 'object'
            ? 'Alphabetic' in (v as object)
              ? String((v as { Alphabetic: unknown }).Alphabetic)
              : `(item: ${Object.keys(v as object).length} attributes)`
            : String(v),
        ).join('\\');
      } else if (e.BulkDataURI) value = '(bulk data)';
      else if (e.InlineBinary) value = '(binary)';
      return {
        tag: `(${tag.slice(0, 4)},${tag.slice(4)})`,
        vr: e.vr ?? '',
        value: value.length > 200 ? `${value.slice(0, 200)}…` : value,
      };
    });
}
