import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';

@Module({
  imports: [ServiceKitModule.forRoot(new ServiceKitSettings('imaging', database, SERVICE_SUBSCRIPTIONS.imaging))],
})
export class AppModule {}
