import { Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DICOM_JSON, sendDicomJson } from './dicomweb-answers.js';
import {
  Dicomweb,
  DicomwebController,
  DicomwebPost,
  uid,
  type DicomwebCall,
  type DicomwebDoc,
} from './dicomweb-routes.js';
import { requireDicomJson } from './negotiation.js';
import { StowService } from './stow.service.js';

const storeDoc = (summary: string): DicomwebDoc => ({
  summary,
  success: {
    200: 'Every instance stored: DICOM JSON with ReferencedSOPSequence.',
    202: 'Some stored, some failed: FailedSOPSequence with FailureReason.',
  },
  errors: [406, 409, 413, 415],
  produces: [DICOM_JSON],
});

/**
 * STOW-RS (PS3.18 10.5): instances stored from a multipart/related body, streamed part by part through the one
 * ingest rule (StowService); WORKLIST › IMPORT, the access token alone (no study token).
 */
@DicomwebController()
export class StowController {
  constructor(@Inject(StowService) private readonly stow: StowService) {}

  @DicomwebPost('studies', storeDoc('STOW-RS: store instances'))
  store(@Dicomweb() call: DicomwebCall, @Req() req: Request, @Res() res: Response) {
    return this.storeInto(call, null, req, res);
  }

  @DicomwebPost(
    'studies/:study',
    storeDoc('STOW-RS: store instances of one study (an instance of another study fails)'),
  )
  storeStudy(@Dicomweb() call: DicomwebCall, @Req() req: Request, @Res() res: Response) {
    return this.storeInto(call, uid(call.params['study'] ?? '', 'study'), req, res);
  }

  private async storeInto(call: DicomwebCall, study: string | null, req: Request, res: Response) {
    requireDicomJson(call.accept, 'STOW-RS answers application/dicom+json.');
    const result = await this.stow.store(call.access, study, req);
    sendDicomJson(res, result.status, result.body);
  }
}
