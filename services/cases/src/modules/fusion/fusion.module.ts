import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { TransitionsModule } from '../transitions/transitions.module.js';
import { FusionContractsRepository } from './fusion-contracts.repository.js';
import { FusionController } from './fusion.controller.js';
import { FusionService } from './fusion.service.js';

/** Fusion (docs/decisions/0149, 0150): contracts, sending, the fusion side's actions, fccases. */
@Module({
  imports: [CasesModule, TransitionsModule],
  controllers: [FusionController],
  providers: [FusionContractsRepository, FusionService],
})
export class FusionModule {}
