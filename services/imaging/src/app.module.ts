import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';
import { DownloadsModule } from './modules/downloads/downloads.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('imaging', database, SERVICE_SUBSCRIPTIONS.imaging)),
    DownloadsModule,
  ],
})
export class AppModule {}
