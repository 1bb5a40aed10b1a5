import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail over SMTP (SMTP_URL; locally the catcher of deploy/local, in Compose Mailpit). */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(@Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv) {
    this.transport = nodemailer.createTransport(env.SMTP_URL);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.env.MAIL_FROM, ...message });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
