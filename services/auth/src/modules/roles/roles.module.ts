import { Module } from '@nestjs/common';
import { RolesController } from './roles.controller.js';
import { RolesRepository } from './roles.repository.js';
import { RolesService } from './roles.service.js';

/** Roles and the privilege catalogue a caller may grant. */
@Module({
  controllers: [RolesController],
  providers: [RolesRepository, RolesService],
  exports: [RolesRepository],
})
export class RolesModule {}
