import type { MailMessage } from '@rayworks/nest-kit';

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
  validFor: string,
): MailMessage {
  return {
    to,
    subject: 'Your Rayworks account',
    text: `Hello ${name},\n\nAn account was created for you on Rayworks.\n\nLogin name: ${loginName}\nTemporary password: ${temporaryPassword}\n\nLog in at ${loginUrl} within ${validFor}; you will be asked to set a new password. After that, the temporary password no longer works: use "Forgot password?" on the login page.\n`,
    html: `<p>Hello ${escape(name)},</p><p>An account was created for you on Rayworks.</p><p>Login name: <b>${escape(loginName)}</b><br>Temporary password: <b>${escape(temporaryPassword)}</b></p><p>Log in at <a href="${escape(loginUrl)}">${escape(loginUrl)}</a> within ${validFor}; you will be asked to set a new password. After that, the temporary password no longer works: use "Forgot password?" on the login page.</p>`,
  };
}

/** A security notice: plain paragraphs, the same in text and HTML. */
function notice(to: string, subject: string, name: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: `Hello ${name},\n\n${paragraphs.join('\n\n')}\n`,
    html: `<p>Hello ${escape(name)},</p>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')}`,
  };
}

/** Sent when a user's password was changed or reset. */
export function passwordChangedMail(to: string, name: string, forgotUrl: string): MailMessage {
  return notice(to, 'Your Rayworks password was changed', name, [
    'The password of your Rayworks account was just changed, and every session of your account was ended.',
    `If you did this, there is nothing to do. If you did not, set a new password at once at ${forgotUrl} and tell your administrator.`,
  ]);
}

/** Sent to the previous address when a user's e-mail address was changed. */
export function emailChangedMail(to: string, name: string, newEmail: string, forgotUrl: string): MailMessage {
  return notice(to, 'Your Rayworks e-mail address was changed', name, [
    `The e-mail address of your Rayworks account was changed to ${newEmail}. Messages about your account now go there.`,
    `If you did not expect this, tell your administrator at once; you can also set a new password at ${forgotUrl}.`,
  ]);
}

/** Sent (once per window) when repeated wrong passwords for the user's login name started to be delayed. */
export function loginAttackMail(to: string, name: string, forgotUrl: string): MailMessage {
  return notice(to, 'Repeated failed logins to your Rayworks account', name, [
    'Someone tried several wrong passwords for your Rayworks login name. Further attempts from that address are being slowed down; your account is not locked and you can still log in.',
    `If this was not you, consider setting a new, unique password at ${forgotUrl}, and tell your administrator.`,
  ]);
}
