import { Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DICOM_JSON, sendDicomJson } from './dicomweb-answers.js';
import {
  Dicomweb,
  DicomwebController,
  DicomwebGet,
  uid,
  type DicomwebCall,
  type DicomwebDoc,
} from './dicomweb-routes.js';
import { requireDicomJson } from './negotiation.js';
import { parseQidoQuery, type QidoLevel } from './qido-params.js';
import { QidoService } from './qido.service.js';

/** The QIDO-RS query parameters (any other attribute by keyword or tag is matched or ignored with a Warning). */
const QIDO_PARAMETERS = [
  ['PatientName', 'Person name; * and ? wildcards; case-insensitive'],
  ['PatientID', 'Exact, or with * and ? wildcards'],
  ['StudyDate', 'YYYYMMDD, or a range YYYYMMDD-YYYYMMDD with either end open'],
  ['AccessionNumber', 'Exact, or with wildcards'],
  ['ModalitiesInStudy', 'Any of these modalities (comma-separated)'],
  ['StudyInstanceUID', 'UIDs, comma-separated or repeated'],
  ['includefield', 'More attributes by keyword or tag (comma-separated or repeated), or all'],
  ['limit', 'At most this many matches (1–1000, default 100)'],
  ['offset', 'Skip this many matches'],
  ['fuzzymatching', 'Accepted and ignored'],
] as const;

const search = (summary: string): DicomwebDoc => ({
  summary,
  success: { 200: 'The matches as DICOM JSON (an empty array when none match).' },
  errors: [406],
  produces: [DICOM_JSON],
  query: QIDO_PARAMETERS,
});

/**
 * QIDO-RS (PS3.18 10.6): search for studies, series and instances — of the whole archive the caller reaches, or
 * within the study or series the path names. Matches as DICOM JSON; a Warning names the attributes not matched on
 * and says when there are more results.
 */
@DicomwebController()
export class QidoController {
  constructor(@Inject(QidoService) private readonly qido: QidoService) {}

  @DicomwebGet('studies', search('QIDO-RS: search for studies'))
  searchStudies(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'studies');
  }

  @DicomwebGet('series', search('QIDO-RS: search for series of any study'))
  searchAllSeries(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'series');
  }

  @DicomwebGet('instances', search('QIDO-RS: search for instances of any study'))
  searchAllInstances(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'instances');
  }

  @DicomwebGet('studies/:study/series', search("QIDO-RS: search for a study's series"))
  searchSeries(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'series');
  }

  @DicomwebGet('studies/:study/instances', search("QIDO-RS: search for a study's instances"))
  searchStudyInstances(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'instances');
  }

  @DicomwebGet('studies/:study/series/:series/instances', search("QIDO-RS: search for a series' instances"))
  searchInstances(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.search(call, res, 'instances');
  }

  private async search(call: DicomwebCall, res: Response, level: QidoLevel) {
    const { study, series } = call.params;
    const within = {
      study: study === undefined ? undefined : uid(study, 'StudyInstanceUID'),
      series: series === undefined ? undefined : uid(series, 'SeriesInstanceUID'),
    };
    requireDicomJson(call.accept, 'QIDO-RS answers application/dicom+json only.');
    const query = parseQidoQuery(level, call.query);
    const result = await this.qido.search(call.access, level, query, within);
    const warnings: string[] = [];
    if (query.ignored.length)
      warnings.push(
        `299 Rayworks: The following attributes are not supported for matching: ${query.ignored.join(', ')}`,
      );
    if (result.more) warnings.push('299 Rayworks: There are additional results that can be requested');
    if (warnings.length) res.setHeader('Warning', warnings.join(', '));
    sendDicomJson(res, 200, result.matches);
  }
}
