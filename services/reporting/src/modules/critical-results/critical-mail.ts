import { labValueReading } from '@rayworks/contracts';
import type { CriticalAlertEntity } from './critical-alert.entity.js';
import type { CriticalMail } from './critical-mailer.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Line = [string, string | null];

function body(lines: Line[], intro: string, finding: string) {
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

/**
 * What an e-mail names of the alert's subject, never the patient's name (docs/decisions/0187, 0307): a case's id,
 * centre, accession and study; a lab order's test, each critical value ("Potassium: 7.1 mmol/L (critical high)"),
 * sample barcode, registration and MR numbers, and centre. `what` names it in the subject line.
 */
function subjectOf(alert: CriticalAlertEntity, escalation: boolean): { what: string; lines: Line[] } {
  const lab = alert.labFacts;
  if (alert.labOrderId && lab) {
    return {
      what: `lab ${lab.barcode} ${lab.test.code}`,
      lines: [
        ['Test', `${lab.test.name} (${lab.test.code})`],
        ...lab.results.map((r): Line => [r.parameterName, labValueReading(r)]),
        ['Sample', lab.barcode],
        ['Registration', lab.registrationNumber],
        ['MR number', lab.mrNumber],
        ['Centre', lab.centreName],
      ],
    };
  }
  const facts = alert.caseFacts;
  return {
    what: `case ${alert.caseId}`,
    lines: [
      ['Case', alert.caseId],
      ['Centre', facts.centreName],
      ['Accession', facts.accessionNumber],
      ...(escalation
        ? []
        : [['Study', [facts.modality, facts.studyDescription].filter(Boolean).join(' ') || null] as Line]),
    ],
  };
}

const flaggedBy = (alert: CriticalAlertEntity): string | null =>
  alert.flaggedByName ?? (alert.labOrderId ? 'the analyzer' : null);

/** The e-mail the centre gets when a critical result is flagged (by a radiologist, or by the lab). */
export function flagMail(alert: CriticalAlertEntity, to: string[]): CriticalMail {
  const { what, lines } = subjectOf(alert, false);
  const { text, html } = body(
    [
      ...lines,
      ['Flagged by', flaggedBy(alert)],
      ['Flagged at', alert.flaggedAt.toISOString()],
      ['Escalates after', `${alert.escalateAfterMinutes} minutes unless acknowledged`],
    ],
    alert.labOrderId
      ? 'The laboratory reported a critical result that needs your acknowledgement.'
      : 'A radiologist flagged a critical result that needs your acknowledgement.',
    alert.finding,
  );
  return { to, subject: `Critical result: acknowledgement needed (${what})`, text, html };
}

/** The e-mail the centre's admins get when nobody acknowledged in time. */
export function escalationMail(alert: CriticalAlertEntity, to: string[]): CriticalMail {
  const { what, lines } = subjectOf(alert, true);
  const { text, html } = body(
    [...lines, ['Flagged by', flaggedBy(alert)], ['Flagged at', alert.flaggedAt.toISOString()]],
    `ESCALATED: a critical result flagged ${alert.escalateAfterMinutes} minutes ago has not been acknowledged.`,
    alert.finding,
  );
  return { to, subject: `ESCALATED critical result: not acknowledged (${what})`, text, html };
}
