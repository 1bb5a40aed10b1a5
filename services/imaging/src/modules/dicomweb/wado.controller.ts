import { Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DICOM_JSON, sendDicomJson, streamed } from './dicomweb-answers.js';
import {
  Dicomweb,
  DicomwebController,
  DicomwebGet,
  resourceOf,
  type DicomwebCall,
  type DicomwebDoc,
} from './dicomweb-routes.js';
import { requireDicomJson, retrieveChoices, retrievePlan } from './negotiation.js';
import { WadoService } from './wado.service.js';

const retrieveDoc = (summary: string, produces: string[], single = ''): DicomwebDoc => ({
  summary,
  success: {
    200:
      `multipart/related; type="application/dicom"${single}: the instances as stored when transfer-syntax=* or the ` +
      'stored syntax is asked, else in the syntax asked (default explicit VR little endian), transcoded between ' +
      'uncompressed syntaxes and decoded from compressed ones.',
  },
  errors: [404, 406],
  produces,
});
const STUDY_OR_SERIES = ['multipart/related'];
const ONE_INSTANCE = ['multipart/related', 'application/dicom'];

const metadataDoc = (summary: string): DicomwebDoc => ({
  summary,
  success: { 200: "The instances' headers as DICOM JSON with BulkDataURIs." },
  errors: [404, 406],
  produces: [DICOM_JSON],
});

/**
 * WADO-RS (PS3.18 10.4): a study's, series' or instance's instances (streamed from the object store, transcoded
 * where asked) and their metadata as DICOM JSON. Frames and bulk data: BulkdataController; rendered images:
 * RenderedController.
 */
@DicomwebController()
export class WadoController {
  constructor(@Inject(WadoService) private readonly wado: WadoService) {}

  @DicomwebGet('studies/:study', retrieveDoc('WADO-RS: retrieve a study', STUDY_OR_SERIES))
  retrieveStudy(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.retrieve(call, res);
  }

  @DicomwebGet('studies/:study/series/:series', retrieveDoc('WADO-RS: retrieve a series', STUDY_OR_SERIES))
  retrieveSeries(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.retrieve(call, res);
  }

  @DicomwebGet(
    'studies/:study/series/:series/instances/:instance',
    retrieveDoc(
      'WADO-RS: retrieve an instance',
      ONE_INSTANCE,
      ' (or application/dicom alone: one part, this one instance)',
    ),
  )
  retrieveInstance(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.retrieve(call, res);
  }

  @DicomwebGet('studies/:study/metadata', metadataDoc("WADO-RS: a study's metadata"))
  studyMetadata(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.metadata(call, res);
  }

  @DicomwebGet('studies/:study/series/:series/metadata', metadataDoc("WADO-RS: a series' metadata"))
  seriesMetadata(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.metadata(call, res);
  }

  @DicomwebGet(
    'studies/:study/series/:series/instances/:instance/metadata',
    metadataDoc("WADO-RS: an instance's metadata"),
  )
  instanceMetadata(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.metadata(call, res);
  }

  /**
   * Retrieve (PS3.18 10.4.1.1.1): the first Accept choice every instance can be given in (negotiation.ts), as stored
   * byte for byte or transcoded (WadoService.retrieve).
   */
  private async retrieve(call: DicomwebCall, res: Response) {
    const what = resourceOf(call.params);
    const choices = retrieveChoices(call.accept, what.instance !== undefined);
    const located = await this.wado.locate(call.access, what, 'retrieve');
    const plan = retrievePlan(
      choices,
      located.instances.map((i) => i.transferSyntaxUid),
    );
    await streamed(res, (out) => this.wado.retrieve(located, plan.transferSyntax, out, plan.single));
  }

  private async metadata(call: DicomwebCall, res: Response) {
    const what = resourceOf(call.params);
    requireDicomJson(call.accept, 'Metadata is application/dicom+json.');
    const located = await this.wado.locate(call.access, what, 'metadata');
    sendDicomJson(res, 200, this.wado.metadata(located));
  }
}
