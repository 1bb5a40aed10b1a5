import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';

export interface CriticalMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

const mailEnv = z.object({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Rayworks <no-reply@rayworks.local>'),
});

/**
 * Sends critical result e-mail over SMTP (SMTP_URL, MAIL_FROM; locally the catcher of deploy/local), as auth's
 * Mailer does. To be replaced by the kit's shared Mailer (libs/nest-kit/src/mail) once it is there.
 */
@Injectable()
export class CriticalMailer implements OnApplicationShutdown {
  private readonly env = mailEnv.parse({
    SMTP_URL: process.env.SMTP_URL || undefined,
    MAIL_FROM: process.env.MAIL_FROM || undefined,
  });
  private readonly transport: Transporter = nodemailer.createTransport(this.env.SMTP_URL);

  async send(mail: CriticalMail): Promise<void> {
    if (mail.to.length === 0) return;
    await this.transport.sendMail({ from: this.env.MAIL_FROM, ...mail });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
