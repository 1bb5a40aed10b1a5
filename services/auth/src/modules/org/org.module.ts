import { Module } from '@nestjs/common';
import { CentresController } from './centres.controller.js';
import { CentresRepository } from './centres.repository.js';
import { CentresService } from './centres.service.js';
import { GroupsController } from './groups.controller.js';
import { GroupsRepository } from './groups.repository.js';
import { GroupsService } from './groups.service.js';
import { OrgPublisher } from './org.publisher.js';

/** Groups and centres. */
@Module({
  controllers: [GroupsController, CentresController],
  providers: [GroupsRepository, CentresRepository, GroupsService, CentresService, OrgPublisher],
  exports: [GroupsRepository, CentresRepository],
})
export class OrgModule {}
