import { describe, expect, it } from '@jest/globals';
import { CriticalAlertEntity } from './critical-alert.entity.js';
import { escalationMail, flagMail } from './critical-mail.js';

const alert = Object.assign(new CriticalAlertEntity(), {
  id: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c01',
  caseId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c02',
  finding: 'Free air <under> the diaphragm & more',
  flaggedByName: 'Dr Reader',
  flaggedAt: new Date('2026-11-27T10:00:00.000Z'),
  escalateAfterMinutes: 15,
});
const facts = { accessionNumber: 'ACC-7', modality: 'CT', studyDescription: 'CT ABDOMEN', centreName: 'North' };

describe('critical result e-mails', () => {
  it('name the finding, the case, the study and the escalation time, with the HTML escaped', () => {
    const mail = flagMail(alert, facts, ['a@x.test']);
    expect(mail.to).toEqual(['a@x.test']);
    expect(mail.subject).toBe(`Critical result: acknowledgement needed (case ${alert.caseId})`);
    expect(mail.text).toContain('Finding: Free air <under> the diaphragm & more');
    expect(mail.text).toContain('Accession: ACC-7');
    expect(mail.text).toContain('Study: CT CT ABDOMEN');
    expect(mail.text).toContain('Escalates after: 15 minutes unless acknowledged');
    expect(mail.html).toContain('Free air &lt;under&gt; the diaphragm &amp; more');
    expect(mail.html).not.toContain('<under>');
  });

  it('an escalation says so in its subject and leaves out what is unknown', () => {
    const mail = escalationMail(alert, { ...facts, accessionNumber: null }, ['admin@x.test']);
    expect(mail.subject).toMatch(/^ESCALATED critical result/);
    expect(mail.text).toContain('has not been acknowledged');
    expect(mail.text).not.toContain('Accession');
  });
});
