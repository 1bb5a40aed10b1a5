import type { CriticalAlertEntity, MailCaseFacts } from './critical-alert.entity.js';
import type { CriticalMail } from './critical-mailer.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function body(lines: [string, string | null][], intro: string, finding: string) {
  const shown = lines.filter((l): l is [string, string] => l[1] !== null && l[1] !== '');
  const text = [
    intro,
    '',
    `Finding: ${finding}`,
    ...shown.map(([k, v]) => `${k}: ${v}`),
    '',
    'Open Rayworks to acknowledge it.',
  ].join('\n');
  const html = `<p>${esc(intro)}</p><p><strong>Finding:</strong> ${esc(finding)}</p><ul>${shown
    .map(([k, v]) => `<li>${esc(k)}: ${esc(v)}</li>`)
    .join('')}</ul><p>Open Rayworks to acknowledge it.</p>`;
  return { text, html };
}

/** The e-mail the centre gets when a critical result is flagged. */
export function flagMail(alert: CriticalAlertEntity, facts: MailCaseFacts, to: string[]): CriticalMail {
  const { text, html } = body(
    [
      ['Case', alert.caseId],
      ['Centre', facts.centreName],
      ['Accession', facts.accessionNumber],
      ['Study', [facts.modality, facts.studyDescription].filter(Boolean).join(' ') || null],
      ['Flagged by', alert.flaggedByName],
      ['Flagged at', alert.flaggedAt.toISOString()],
      ['Escalates after', `${alert.escalateAfterMinutes} minutes unless acknowledged`],
    ],
    'A radiologist flagged a critical result that needs your acknowledgement.',
    alert.finding,
  );
  return { to, subject: `Critical result: acknowledgement needed (case ${alert.caseId})`, text, html };
}

/** The e-mail the centre's admins get when nobody acknowledged in time. */
export function escalationMail(alert: CriticalAlertEntity, facts: MailCaseFacts, to: string[]): CriticalMail {
  const { text, html } = body(
    [
      ['Case', alert.caseId],
      ['Centre', facts.centreName],
      ['Accession', facts.accessionNumber],
      ['Flagged by', alert.flaggedByName],
      ['Flagged at', alert.flaggedAt.toISOString()],
    ],
    `ESCALATED: a critical result flagged ${alert.escalateAfterMinutes} minutes ago has not been acknowledged.`,
    alert.finding,
  );
  return { to, subject: `ESCALATED critical result: not acknowledged (case ${alert.caseId})`, text, html };
}
