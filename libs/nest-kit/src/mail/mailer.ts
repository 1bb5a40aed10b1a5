import type { OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';

/** A file sent with an e-mail (the report's PDF). */
export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

export interface MailSettings {
  /** smtp:// or smtps:// (locally the catcher of deploy/local, in Compose Mailpit). */
  smtpUrl: string;
  /** The From header, e.g. 'Rayworks <no-reply@rayworks.local>'. */
  from: string;
}

/** The variables of a process that sends e-mail; `envSchema.extend(mailEnvVars)`. */
export const mailEnvVars = {
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  MAIL_FROM: z.string().min(3).default('Rayworks <no-reply@rayworks.local>'),
};

/**
 * Sends e-mail over SMTP, one pooled transport per process (shared by auth's account mails and reporting's delivery
 * and critical-result mails). Provide it with a factory from the service's env:
 * `{ provide: Mailer, useFactory: (env) => new Mailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }), inject: [ENV] }`.
 */
export class Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(private readonly settings: MailSettings) {
    this.transport = nodemailer.createTransport(settings.smtpUrl);
  }

  /** Sends one message; resolves with the SMTP message id, rejects when the server refuses it or is unreachable. */
  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({ from: this.settings.from, ...message });
    return { messageId: String(info.messageId ?? '') };
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }
}
