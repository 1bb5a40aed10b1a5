import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { PatientsController } from './patients.controller.js';
import { PatientsRepository } from './patients.repository.js';
import { PatientsService } from './patients.service.js';

/** The front desk's patients. */
@Module({
  imports: [DirectoryModule],
  controllers: [PatientsController],
  providers: [PatientsRepository, PatientsService],
  exports: [PatientsRepository],
})
export class PatientsModule {}
