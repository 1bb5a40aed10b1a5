import { describe, expect, it } from '@jest/globals';
import { ROLE_CODES as R } from '@rayworks/contracts';
import {
  emailsOf,
  escalateAt,
  escalationMinutes,
  escalationRecipients,
  escalationStep,
  flagRecipients,
  mayAcknowledge,
  seesCentreAlerts,
  type DirectoryPerson,
} from './critical.rules.js';

const CENTRE = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a01';
const OTHER_CENTRE = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a02';
const GROUP = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a03';
let n = 0;
const person = (roles: string[], over: Partial<DirectoryPerson> = {}): DirectoryPerson => ({
  id: `p${++n}`,
  fullName: `Person ${n}`,
  email: `p${n}@centre.test`,
  roleCodes: roles,
  groupId: null,
  centreIds: [CENTRE],
  isActive: true,
  ...over,
});

describe('who is told', () => {
  const admin = person([R.CENTER_ADMIN]);
  const reception = person([R.RECEPTIONIST]);
  const radiologist = person([R.CENTER_RADIOLOGIST]);
  const otherAdmin = person([R.CENTER_ADMIN], { centreIds: [OTHER_CENTRE] });
  const inactive = person([R.CENTER_ADMIN], { isActive: false });
  const groupAdmin = person([R.GROUP_ADMIN], { centreIds: [], groupId: GROUP });
  const companyAdmin = person([R.ADMIN], { centreIds: [] });
  const everyone = [admin, reception, radiologist, otherAdmin, inactive, groupAdmin, companyAdmin];

  it('a flag reaches the active admins and receptionists of the case centre only', () => {
    expect(flagRecipients(everyone, { centreId: CENTRE, groupId: GROUP }).map((p) => p.id)).toEqual([
      admin.id,
      reception.id,
    ]);
  });

  it('an escalation reaches the centre admins, not its reception', () => {
    expect(escalationRecipients(everyone, { centreId: CENTRE, groupId: GROUP }).map((p) => p.id)).toEqual([admin.id]);
  });

  it('a centre with nobody falls back to its group admins, then to the company admins', () => {
    const noCentre = { centreId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4aff', groupId: GROUP };
    expect(flagRecipients(everyone, noCentre).map((p) => p.id)).toEqual([groupAdmin.id]);
    expect(escalationRecipients(everyone, { ...noCentre, groupId: null }).map((p) => p.id)).toEqual([companyAdmin.id]);
    expect(flagRecipients([radiologist], { centreId: CENTRE, groupId: null })).toEqual([]);
  });

  it('e-mail addresses are distinct, trimmed and well-formed', () => {
    const a = person([R.CENTER_ADMIN], { email: ' a@x.test ' });
    const b = person([R.RECEPTIONIST], { email: 'a@x.test' });
    const c = person([R.RECEPTIONIST], { email: '' });
    const d = person([R.RECEPTIONIST], { email: 'not an address' });
    expect(emailsOf([a, b, c, d])).toEqual(['a@x.test']);
  });
});

describe('who may acknowledge', () => {
  const company = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4b01';
  it('the centre side of the case company', () => {
    expect(mayAcknowledge({ roleCodes: [R.CENTER_ADMIN], tenantId: company }, company)).toBe(true);
    expect(mayAcknowledge({ roleCodes: [R.RECEPTIONIST], tenantId: company }, company)).toBe(true);
    expect(seesCentreAlerts({ roleCodes: [R.RECEPTIONIST] })).toBe(true);
  });
  it('not a radiologist, a typist, or anyone of another company', () => {
    expect(mayAcknowledge({ roleCodes: [R.CENTER_RADIOLOGIST], tenantId: company }, company)).toBe(false);
    expect(mayAcknowledge({ roleCodes: [R.TYPIST], tenantId: company }, company)).toBe(false);
    expect(
      mayAcknowledge({ roleCodes: [R.CENTER_ADMIN], tenantId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4b02' }, company),
    ).toBe(false);
    expect(mayAcknowledge({ roleCodes: [R.MARKETPLACE_RADIOLOGIST], tenantId: null }, company)).toBe(false);
    expect(seesCentreAlerts({ roleCodes: [R.CENTER_RADIOLOGIST] })).toBe(false);
  });
});

describe('escalation time', () => {
  // the service's default (CRITICAL_ESCALATE_AFTER_MINUTES: 15 when set so, 30 unset, a bad value stops the boot)
  // is checked in config/env.spec.ts
  it("is the centre's own setting, else the service's default", () => {
    expect(escalationMinutes(0.05, 30)).toBe(0.05);
    expect(escalationMinutes(null, 15)).toBe(15);
    expect(escalationMinutes(null, 30)).toBe(30);
  });
  it('fractions of a minute are seconds', () => {
    expect(escalateAt(new Date('2026-11-27T10:00:00.000Z'), 0.05).toISOString()).toBe('2026-11-27T10:00:03.000Z');
  });
});

describe('escalationStep', () => {
  const due = new Date('2026-11-27T10:30:00.000Z');
  const before = new Date('2026-11-27T10:29:59.000Z');
  const after = new Date('2026-11-27T10:30:01.000Z');
  const open = { status: 'OPEN' as const, notifiedAt: null, escalateAt: due };

  it('the run at flag time sends the e-mails and escalates nothing', () => {
    expect(escalationStep(open, before, false)).toEqual({ notify: true, escalate: false, early: false });
  });
  it('the delayed run escalates an alert still OPEN once due (and sends the flag e-mails if they never went)', () => {
    expect(escalationStep({ ...open, notifiedAt: before }, after, true)).toEqual({
      notify: false,
      escalate: true,
      early: false,
    });
    expect(escalationStep(open, due, true)).toEqual({ notify: true, escalate: true, early: false });
  });
  it('an acknowledged or already escalated alert is left alone', () => {
    expect(escalationStep({ ...open, status: 'ACKNOWLEDGED' }, after, true)).toEqual({
      notify: false,
      escalate: false,
      early: false,
    });
    expect(escalationStep({ ...open, status: 'ESCALATED', notifiedAt: before }, after, true)).toEqual({
      notify: false,
      escalate: false,
      early: false,
    });
  });
  it('a delayed run before its time is early (retried later, never dropped)', () => {
    expect(escalationStep({ ...open, notifiedAt: before }, before, true)).toEqual({
      notify: false,
      escalate: false,
      early: true,
    });
  });
});
