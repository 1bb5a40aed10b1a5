import { Inject, Injectable } from '@nestjs/common';
import { Mailer } from '@rayworks/nest-kit';

export interface CriticalMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * Critical result e-mail through the kit Mailer (one SMTP transport per process, provided by reporting's
 * ReportingConfigModule from SMTP_URL / MAIL_FROM): one message to all the recipients; nothing to send without any.
 */
@Injectable()
export class CriticalMailer {
  constructor(@Inject(Mailer) private readonly mailer: Mailer) {}

  async send(mail: CriticalMail): Promise<void> {
    if (mail.to.length === 0) return;
    await this.mailer.send({ ...mail, to: mail.to.join(', ') });
  }
}
