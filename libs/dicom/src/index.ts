export * from './import-messages.js';
export * from './import-rules.js';
export { DicomParseError } from './dicom-parse-error.js';
export {
  parseInstanceHeader,
  zeroPreamble,
  TRANSFER_SYNTAX,
  type InstanceHeader,
  type ParseInstanceHeaderOptions,
  type PixelDataLocation,
} from './instance-header.js';
export { DICOM_TAGS, dicomTag } from './dicom-tags.js';
export {
  BULK_DATA_THRESHOLD_BYTES,
  PIXEL_DATA_TAGS,
  withBulkDataUris,
  type BulkDataRef,
  type DicomJsonDataset,
  type DicomJsonElement,
  type DicomJsonPersonName,
} from './dicom-json.js';
export { dictionaryTagOf, dictionaryVr } from './data-dictionary.js';
export { greyDisplayValues, interleavedRgb, type GreyFrame } from './pixel-values.js';
