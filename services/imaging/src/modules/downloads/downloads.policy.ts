/**
 * How long links and zips live (docs/decisions/0106): every link handed out (a READY zip, a study's or one
 * instance's files) is a presigned GET valid for DOWNLOAD_LINK_TTL_SECONDS; a finished zip is reused for
 * DOWNLOAD_ZIP_FRESH_SECONDS after it was made, and no longer.
 */
export const DOWNLOAD_LINK_TTL_SECONDS = 300;
export const DOWNLOAD_ZIP_FRESH_SECONDS = 24 * 3600;

/** The file name a browser saves a study's zip under. */
export const zipFileName = (studyInstanceUid: string) => `${studyInstanceUid}.zip`;

/** An entry of a study's zip: Study/Series/SOP.dcm. */
export const zipEntryName = (studyInstanceUid: string, seriesInstanceUid: string, sopInstanceUid: string) =>
  `${studyInstanceUid}/${seriesInstanceUid}/${sopInstanceUid}.dcm`;
