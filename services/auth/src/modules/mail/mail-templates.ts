import type { MailMessage } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password reset e-mail: a single-use link to /update-password that expires. */
export function passwordResetMail(to: string, name: string, link: string, minutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your Rayworks password',
    text: `Hello ${name},\n\nTo set a new password for Rayworks, open this link within ${minutes} minutes:\n\n${link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Hello ${escape(name)},</p><p>To set a new password for Rayworks, open this link within ${minutes} minutes:</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>The link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>`,
  };
}

/** The welcome e-mail of a user an administrator created: login name and a temporary password to change at first login. */
export function welcomeMail(
  to: string,
  name: string,
  loginName: string,
  temporaryPassword: string,
  loginUrl: string,
): MailMessage {
  return {
    to,
    subject: 'Your Rayworks account',
    text: `Hello ${name},\n\nAn account was created for you on Rayworks.\n\nLogin name: ${loginName}\nTemporary password: ${temporaryPassword}\n\nLog in at ${loginUrl}; you will be asked to set a new password.\n`,
    html: `<p>Hello ${escape(name)},</p><p>An account was created for you on Rayworks.</p><p>Login name: <b>${escape(loginName)}</b><br>Temporary password: <b>${escape(temporaryPassword)}</b></p><p>Log in at <a href="${escape(loginUrl)}">${escape(loginUrl)}</a>; you will be asked to set a new password.</p>`,
  };
}
