import { describe, expect, it } from '@jest/globals';
import type { z } from 'zod';
import { DEFAULT_ROLE_PRIVILEGES } from '../access/default-role-privileges.js';
import { grantsAllow } from '../access/permission-config.js';
import { ROLE_CODES } from '../access/roles.js';
import { DAY_END_ENDPOINTS } from './day-end-endpoints.js';
import { DAY_END_MESSAGES } from './day-end-messages.js';

const CENTRE = '3f1e2d4c-5b6a-4789-9abc-def012345678';

/** The first problem as the kit answers it (`<field>: <reason>`), or null when the body is taken. */
function problem(schema: z.ZodType, body: unknown): string | null {
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

describe('the day end’s bodies', () => {
  const dashboard = DAY_END_ENDPOINTS.getFinanceDashboard.body;

  it('takes a period of local dates, from ≤ to, at most a year with both ends', () => {
    expect(problem(dashboard, { from: '2026-04-01', to: '2026-04-01' })).toBeNull();
    expect(problem(dashboard, { from: '2025-04-01', to: '2026-03-31' })).toBeNull(); // 365 days
    expect(problem(dashboard, { from: '2024-01-01', to: '2024-12-31' })).toBeNull(); // 366 days (a leap year)
    expect(problem(dashboard, { from: '2026-04-02', to: '2026-04-01' })).toBe(
      `from: ${DAY_END_MESSAGES.periodReversed}`,
    );
    expect(problem(dashboard, { from: '2024-01-01', to: '2025-01-01' })).toBe(`to: ${DAY_END_MESSAGES.periodTooLong}`);
    expect(problem(dashboard, { from: '2026-02-30', to: '2026-03-01' })).toMatch(/^from: /);
    expect(problem(dashboard, { from: '2026-04-01', to: '2026-04-02', groupId: CENTRE })).toMatch(/groupId/);
  });

  it('takes a named period instead of dates, never both nor neither (docs/decisions/0339)', () => {
    expect(problem(dashboard, { period: 'month' })).toBeNull();
    expect(problem(dashboard, { period: 'today', centreId: CENTRE })).toBeNull();
    const refusal = `period: ${DAY_END_MESSAGES.periodOrDates}`;
    expect(problem(dashboard, { period: 'month', from: '2026-04-01', to: '2026-04-01' })).toBe(refusal);
    expect(problem(dashboard, { period: 'month', to: '2026-04-01' })).toBe(refusal);
    expect(problem(dashboard, {})).toBe(refusal);
    expect(problem(dashboard, { from: '2026-04-01' })).toBe(refusal);
    expect(problem(dashboard, { period: 'year' })).toMatch(/^period: /);
  });

  it('takes the counted cash as whole minor units, not below zero, and an empty note as none', () => {
    const close = DAY_END_ENDPOINTS.closeDay.body;
    const body = { centreId: CENTRE, date: '2026-04-01' };
    expect(close.parse({ ...body, countedCashMinor: 0, note: '  ' })).toEqual({
      ...body,
      countedCashMinor: 0,
      note: null,
    });
    expect(problem(close, { ...body, countedCashMinor: 10.5 })).toMatch(/^countedCashMinor: /);
    expect(problem(close, { ...body, countedCashMinor: -1 })).toMatch(/^countedCashMinor: /);
    expect(problem(close, { ...body, countedCashMinor: '100' })).toMatch(/^countedCashMinor: /);
    expect(problem(close, { centreId: CENTRE, countedCashMinor: 100 })).toMatch(/^date: /);
  });

  it('sorts and filters the outstanding list only by what it declares', () => {
    const outstanding = DAY_END_ENDPOINTS.getOutstanding.body;
    expect(problem(outstanding, { centreId: CENTRE, bucket: '90+', sortBy: 'balanceMinor' })).toBeNull();
    expect(problem(outstanding, { centreId: CENTRE, bucket: '120+' })).toMatch(/^bucket: /);
    expect(problem(outstanding, { centreId: CENTRE, sortBy: 'patientName' })).toMatch(/^sortBy: /);
    expect(problem(outstanding, {})).toMatch(/^centreId: /);
  });
});

describe('who may do what at the day end by default (docs/decisions/0278)', () => {
  const may = (role: string, endpoint: keyof typeof DAY_END_ENDPOINTS) => {
    const access = DAY_END_ENDPOINTS[endpoint].access;
    if (typeof access === 'string') throw new Error('a day end route is guarded by a privilege');
    return grantsAllow(DEFAULT_ROLE_PRIVILEGES[role as keyof typeof DEFAULT_ROLE_PRIVILEGES], access);
  };

  it('lets the desk close the day and see what it took, not the centre’s figures', () => {
    expect(may(ROLE_CODES.RECEPTIONIST, 'closeDay')).toBe(true);
    expect(may(ROLE_CODES.RECEPTIONIST, 'getMyCollection')).toBe(true);
    for (const figures of ['getDayEnd', 'getOutstanding', 'getCommissionStatement', 'getFinanceDashboard'] as const)
      expect({ figures, may: may(ROLE_CODES.RECEPTIONIST, figures) }).toEqual({ figures, may: false });
  });

  it('gives the centre’s admins everything, and a radiologist or a typist nothing', () => {
    for (const endpoint of Object.keys(DAY_END_ENDPOINTS) as (keyof typeof DAY_END_ENDPOINTS)[]) {
      expect({ endpoint, may: may(ROLE_CODES.CENTER_ADMIN, endpoint) }).toEqual({ endpoint, may: true });
      expect({ endpoint, may: may(ROLE_CODES.CENTER_RADIOLOGIST, endpoint) }).toEqual({ endpoint, may: false });
      expect({ endpoint, may: may(ROLE_CODES.TYPIST, endpoint) }).toEqual({ endpoint, may: false });
    }
  });
});
