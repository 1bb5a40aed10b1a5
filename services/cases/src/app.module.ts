import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { CasesConfigModule } from './config/cases-config.module.js';
import { database } from './database/data-source.js';
import { CasesModule } from './modules/cases/cases.module.js';
import { CollaborationModule } from './modules/collaboration/collaboration.module.js';
import { TransitionsModule } from './modules/transitions/transitions.module.js';
import { MarketplaceModule } from './modules/marketplace/marketplace.module.js';
import { FusionModule } from './modules/fusion/fusion.module.js';
import { ViewerModule } from './modules/viewer/viewer.module.js';
import { FrontDeskModule } from './modules/front-desk/front-desk.module.js';
import { HangingProtocolsModule } from './modules/hanging-protocols/hanging-protocols.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('cases', database, SERVICE_SUBSCRIPTIONS.cases)),
    CasesConfigModule,
    CasesModule,
    TransitionsModule,
    CollaborationModule,
    MarketplaceModule,
    FusionModule,
    ViewerModule,
    FrontDeskModule,
    HangingProtocolsModule,
  ],
})
export class AppModule {}
