import { Controller, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DICTATION_MESSAGES, REPORTING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DictationsService } from './dictations.service.js';

@ApiTags('dictation')
@Controller()
export class DictationsController {
  constructor(@Inject(DictationsService) private readonly dictations: DictationsService) {}

  @ApiContract(
    REPORTING_API.dictationUploadUrl,
    "A presigned PUT for one recording, signed for its audio type and exact size (the reading radiologist's)",
  )
  async uploadUrl({ access, credentials, body }: ContractCall<typeof REPORTING_API.dictationUploadUrl>) {
    return apiOk(await this.dictations.uploadUrl(access, credentials, body));
  }

  @ApiContract(
    REPORTING_API.attachDictation,
    "Keeps an uploaded recording as a clip of the report's current version (400 and deleted when it is not that audio)",
  )
  async attach({ access, credentials, body }: ContractCall<typeof REPORTING_API.attachDictation>) {
    return apiOk(await this.dictations.attach(access, credentials, body), DICTATION_MESSAGES.attached);
  }

  @ApiContract(REPORTING_API.findDictations, "The report's dictation clips, oldest first")
  async list({ access, credentials, body }: ContractCall<typeof REPORTING_API.findDictations>) {
    return apiOk(await this.dictations.list(access, credentials, body));
  }

  @ApiContract(REPORTING_API.dictationAudio, "One clip's audio (audio/webm or audio/ogg), through the service")
  async audio(
    { access, credentials, body }: ContractCall<typeof REPORTING_API.dictationAudio>,
    @Res() res: Response,
  ): Promise<void> {
    const { clip, bytes } = await this.dictations.audio(access, credentials, body);
    const extension = clip.contentType === 'audio/ogg' ? 'ogg' : 'webm';
    res.writeHead(200, {
      'Content-Type': clip.contentType,
      'Content-Length': bytes.length,
      'Content-Disposition': `inline; filename="dictation-${clip.id}.${extension}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(bytes);
  }
}
