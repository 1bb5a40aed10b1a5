/**
 * The SMTP catcher's HTTP API (deploy/local/smtp-catcher.mjs): e-mails the services really sent.
 * GET /messages?to=<address> lists those delivered to an address, oldest first.
 */
export const SMTP_CATCHER_URL = (process.env.SMTP_CATCHER_URL ?? 'http://127.0.0.1:1080').replace(/\/+$/, '');

export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${SMTP_CATCHER_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`SMTP catcher answered ${response.status}`);
  const body = (await response.json()) as CaughtMail[] | { messages: CaughtMail[] };
  return Array.isArray(body) ? body : body.messages;
}

/** Waits for an e-mail to an address whose subject matches, received after `since` (ms since epoch). */
export async function waitForMail(
  address: string,
  subject: RegExp,
  since = 0,
  timeoutMs = 30_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    const mails = await mailsTo(address);
    seen = mails.map((m) => m.subject);
    const match = mails.filter((m) => subject.test(m.subject) && Date.parse(m.date) >= since - 2_000).at(-1);
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`No e-mail "${subject}" to ${address} within ${timeoutMs / 1000} s (saw: ${JSON.stringify(seen)})`);
}

/** The first link in an e-mail's text that contains `fragment`. */
export function linkIn(mail: CaughtMail, fragment: string): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((l) => l.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in "${mail.subject}": ${mail.text}`);
  return link;
}

/** A "Label: value" line of an e-mail's text (e.g. the temporary password of the welcome e-mail). */
export function lineValue(mail: CaughtMail, label: string): string {
  const line = mail.text.split('\n').find((l) => l.trim().startsWith(`${label}:`));
  if (!line) throw new Error(`No "${label}:" line in "${mail.subject}": ${mail.text}`);
  return line.slice(line.indexOf(':') + 1).trim();
}
