import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';
import { CriticalResultsModule } from './modules/critical-results/critical.module.js';
import { DirectoryConsumerModule } from './modules/directory/directory-consumer.module.js';
import { InteropModule } from './modules/interop/interop.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('reporting', database, SERVICE_SUBSCRIPTIONS.reporting)),
    DirectoryConsumerModule,
    CriticalResultsModule,
    InteropModule,
  ],
})
export class AppModule {}
