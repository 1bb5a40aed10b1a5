import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { ImagingConfigModule } from './config/imaging-config.module.js';
import { database } from './database/data-source.js';
import { DownloadsModule } from './modules/downloads/downloads.module.js';
import { DicomwebModule } from './modules/dicomweb/dicomweb.module.js';
import { ArchiveQueryModule } from './modules/studies/archive-query.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';
import { StudiesModule } from './modules/studies/studies.module.js';
import { UploadSweeperModule } from './modules/studies/upload-sweeper.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('imaging', database, SERVICE_SUBSCRIPTIONS.imaging)),
    ImagingConfigModule,
    StudiesModule,
    ArchiveQueryModule,
    DicomwebModule,
    ImportsModule,
    DownloadsModule,
    UploadSweeperModule,
  ],
})
export class AppModule {}
