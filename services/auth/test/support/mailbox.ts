import { eventually, infraEnv } from '@rayworks/testing';

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  to: string[];
}

/** The messages the SMTP catcher received for one address. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${infraEnv().smtpCatcherUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CaughtMail[];
}

/** Waits for the n-th message to an address (1-based) and returns it. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  const mails = await eventually(
    () => mailsTo(address),
    (m) => m.length >= count,
    { what: `${count} e-mail(s) to ${address}`, timeoutMs: 20_000 },
  );
  return mails[count - 1]!;
}
