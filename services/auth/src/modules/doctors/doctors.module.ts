import { Module } from '@nestjs/common';
import { DepartmentsModule } from '../departments/departments.module.js';
import { OrgModule } from '../org/org.module.js';
import { DoctorsController } from './doctors.controller.js';
import { DoctorsRepository } from './doctors.repository.js';
import { DoctorsService } from './doctors.service.js';

/** Doctors. */
@Module({
  imports: [DepartmentsModule, OrgModule],
  controllers: [DoctorsController],
  providers: [DoctorsRepository, DoctorsService],
})
export class DoctorsModule {}
