import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { MailModule } from '../mail/mail.module.js';
import { OrgModule } from '../org/org.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { UsersController } from './users.controller.js';
import { UsersPublisher } from './users.publisher.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Users: the admin screens' calls. */
@Module({
  imports: [CredentialsModule, MailModule, OrgModule, RolesModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, UsersPublisher],
  exports: [UsersRepository, UsersPublisher],
})
export class UsersModule {}
