import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { HangingProtocolsController } from './hanging-protocols.controller.js';
import { HangingProtocolsRepository } from './hanging-protocols.repository.js';
import { HangingProtocolsService } from './hanging-protocols.service.js';

/** The centres' hanging protocols for the viewer (docs/decisions/0359). */
@Module({
  imports: [CasesModule],
  controllers: [HangingProtocolsController],
  providers: [HangingProtocolsRepository, HangingProtocolsService],
})
export class HangingProtocolsModule {}
