/**
 * The DICOM JSON model (PS3.18 F.2): attributes keyed by their tag as 8 upper-case hex digits ("00100010"), each
 * with its VR and either `Value` (PN as `{ Alphabetic }`, numbers as numbers, SQ as nested objects), a
 * `BulkDataURI` or `InlineBinary`.
 */
export interface DicomJsonAttribute {
  vr: string;
  Value?: unknown[];
  BulkDataURI?: string;
  InlineBinary?: string;
}
export type DicomJsonObject = Record<string, DicomJsonAttribute>;
