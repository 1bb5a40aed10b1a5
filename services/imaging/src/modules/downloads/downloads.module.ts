import { Module } from '@nestjs/common';
import { DownloadsController } from './downloads.controller.js';
import { DownloadsRepository } from './downloads.repository.js';
import { DownloadsService } from './downloads.service.js';

/** The API side of downloads and links: the spec's calls (/Dicom/downloadZip, /dicom/url, /Dicom/presignedUrl). */
@Module({
  controllers: [DownloadsController],
  providers: [DownloadsService, DownloadsRepository],
})
export class DownloadsModule {}
