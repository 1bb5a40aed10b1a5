import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { MailProcessor } from './mail.processor.js';
import { Mailer } from './mailer.js';

/** The processor of the authMail job (started by changes with tx.enqueue) and the SMTP sender. */
@Module({
  imports: [CredentialsModule],
  providers: [Mailer, MailProcessor, PasswordResetsRepository],
  exports: [PasswordResetsRepository],
})
export class MailModule {}
