import { io, type Socket } from 'socket.io-client';
import type { Credentials } from '@rayworks/api-client';
import { REALTIME_PATH, type CriticalAlertMessage } from '@rayworks/contracts';
import { eventually, infraEnv } from '@rayworks/testing';
import { base } from './cases.js';

/**
 * What the critical-result integration specs (a case's, a lab order's) watch: the e-mails the SMTP catcher caught
 * and the critical:alert messages of a signed-in socket.
 */

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: string[];
}

/** The mails the SMTP catcher holds for an address. */
export const mailsTo = async (address: string): Promise<CaughtMail[]> =>
  (await (
    await fetch(`${infraEnv().smtpCatcherUrl}/messages?to=${encodeURIComponent(address)}`)
  ).json()) as CaughtMail[];

/** Waits for the address's mails whose subject matches (at least one). */
export const waitForMail = (address: string, subject: RegExp): Promise<CaughtMail[]> =>
  eventually(
    async () => (await mailsTo(address)).filter((m) => subject.test(m.subject)),
    (m) => m.length > 0,
    { what: `an e-mail to ${address} (${subject})`, timeoutMs: 30_000 },
  );

/** Listens to critical:alert on one signed-in socket (resolved once the server said hello). */
export async function listen(who: Credentials): Promise<{ got: CriticalAlertMessage[]; socket: Socket }> {
  const socket: Socket = io(base, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: who.token, sessionToken: who.sessionToken },
  });
  const got: CriticalAlertMessage[] = [];
  socket.on('critical:alert', (m: CriticalAlertMessage) => got.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.on('system:hello', () => resolve());
    socket.on('connect_error', reject);
  });
  return { got, socket };
}
