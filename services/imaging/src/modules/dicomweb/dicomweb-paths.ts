/**
 * Where DICOMweb lives as clients see it (through the gateway): RetrieveURL and BulkDataURI values are written as
 * path-absolute references from here (docs/decisions/0103-dicomweb-answers.md), so they hold whatever host name
 * and scheme the client used.
 */
export const DICOMWEB_PUBLIC_BASE = '/api/imaging/dicomweb';

export const dicomwebUrls = {
  study: (study: string) => `${DICOMWEB_PUBLIC_BASE}/studies/${study}`,
  series: (study: string, series: string) => `${DICOMWEB_PUBLIC_BASE}/studies/${study}/series/${series}`,
  instance: (study: string, series: string, sop: string) =>
    `${DICOMWEB_PUBLIC_BASE}/studies/${study}/series/${series}/instances/${sop}`,
  pixelData: (study: string, series: string, sop: string) =>
    `${DICOMWEB_PUBLIC_BASE}/studies/${study}/series/${series}/instances/${sop}/bulkdata/7FE00010`,
};
