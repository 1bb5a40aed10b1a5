import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { MailModule } from '../mail/mail.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { PasswordsController } from './passwords.controller.js';
import { PasswordsService } from './passwords.service.js';

/** Change password, forgot password, reset link. */
@Module({
  imports: [CredentialsModule, MailModule, SessionsModule, UsersModule],
  controllers: [PasswordsController],
  providers: [PasswordsService],
})
export class PasswordsModule {}
