import { Module } from '@nestjs/common';
import { DownloadsRepository } from './downloads.repository.js';
import { StudyDownloadProcessor } from './study-download.processor.js';
import { StudyZipWriter } from './study-zip.writer.js';

/** The worker side of downloads: the imaging.study-download processor and the streaming zip writer. */
@Module({ providers: [StudyDownloadProcessor, StudyZipWriter, DownloadsRepository] })
export class StudyDownloadModule {}
