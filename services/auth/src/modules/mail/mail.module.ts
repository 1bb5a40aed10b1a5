import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { MailProcessor } from './mail.processor.js';
import { MailQueue } from './mail.queue.js';
import { Mailer } from './mailer.js';

/** The auth.mail queue, its processor and the SMTP sender. */
@Module({
  imports: [CredentialsModule],
  providers: [Mailer, MailQueue, MailProcessor, PasswordResetsRepository, UsersRepository],
  exports: [MailQueue, PasswordResetsRepository],
})
export class MailModule {}
