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
  labOrderId: null,
  labFacts: null,
  caseFacts: { accessionNumber: 'ACC-7', modality: 'CT', studyDescription: 'CT ABDOMEN', centreName: 'North' },
});
const labAlert = Object.assign(new CriticalAlertEntity(), {
  id: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c03',
  caseId: null,
  labOrderId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c04',
  finding: 'Potassium 7.1 mmol/L (critical high)',
  flaggedByName: null,
  flaggedAt: new Date('2026-11-27T10:00:00.000Z'),
  escalateAfterMinutes: 30,
  caseFacts: {},
  labFacts: {
    sampleId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c05',
    barcode: 'L000000042',
    registrationId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4c06',
    registrationNumber: 'REG-9',
    mrNumber: 'MR-1',
    test: { code: 'ELEC', name: 'Electrolytes' },
    results: [
      { parameterCode: 'K', parameterName: 'Potassium', value: '7.1', unit: 'mmol/L', flag: 'CRITICAL_HIGH' as const },
      { parameterCode: 'PH', parameterName: 'pH', value: '6.9', unit: null, flag: 'CRITICAL_LOW' as const },
    ],
    centreName: 'North',
  },
});

describe('critical result e-mails', () => {
  it('name the finding, the case, the study and the escalation time, with the HTML escaped', () => {
    const mail = flagMail(alert, ['a@x.test']);
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
    const mail = escalationMail(
      Object.assign(new CriticalAlertEntity(), alert, { caseFacts: { ...alert.caseFacts, accessionNumber: null } }),
      ['admin@x.test'],
    );
    expect(mail.subject).toMatch(/^ESCALATED critical result/);
    expect(mail.text).toContain('has not been acknowledged');
    expect(mail.text).not.toContain('Accession');
  });

  it("a lab alert's e-mail names the test, each value with its unit and flag, the sample and numbers, and the analyzer", () => {
    const mail = flagMail(labAlert, ['lab@x.test']);
    expect(mail.subject).toBe('Critical result: acknowledgement needed (lab L000000042 ELEC)');
    expect(mail.text).toContain('The laboratory reported a critical result');
    expect(mail.text).toContain('Test: Electrolytes (ELEC)');
    expect(mail.text).toContain('Potassium: 7.1 mmol/L (critical high)');
    expect(mail.text).toContain('pH: 6.9 (critical low)');
    expect(mail.text).toContain('Registration: REG-9');
    expect(mail.text).toContain('MR number: MR-1');
    expect(mail.text).toContain('Flagged by: the analyzer');
    expect(mail.text).not.toContain('Case:');
    expect(escalationMail(labAlert, ['a@x.test']).subject).toBe(
      'ESCALATED critical result: not acknowledged (lab L000000042 ELEC)',
    );
  });
});
