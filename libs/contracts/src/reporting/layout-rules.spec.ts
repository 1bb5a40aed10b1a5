import { describe, expect, it } from '@jest/globals';
import {
  bodyBudget,
  clampBodyPadding,
  formatReportDate,
  formatReportDateIst,
  formatReportDay,
  patientBlockHeight,
} from './layout-rules.js';

describe('patientBlockHeight (spec §9: 50 px per row pair, 70..150)', () => {
  it('is 70 for one row pair, then 50 px more per pair, capped at 150', () => {
    expect(patientBlockHeight(1)).toBe(70);
    expect(patientBlockHeight(2)).toBe(70);
    expect(patientBlockHeight(3)).toBe(120);
    expect(patientBlockHeight(4)).toBe(120);
    expect(patientBlockHeight(5)).toBe(150);
    expect(patientBlockHeight(6)).toBe(150);
    expect(patientBlockHeight(20)).toBe(150);
  });
  it('is 0 without rows (no block) and refuses a non-number', () => {
    expect(patientBlockHeight(0)).toBe(0);
    expect(patientBlockHeight(-3)).toBe(0);
    expect(() => patientBlockHeight(Number.NaN)).toThrow(RangeError);
  });
});

describe('bodyBudget (spec §9: 1000 − header − footer − patient block − padding 250..350)', () => {
  it('subtracts header, footer, patient block and the padding', () => {
    expect(bodyBudget({ headerHeight: 100, footerHeight: 80, patientBlockHeight: 120, padding: 300 })).toBe(400);
    expect(bodyBudget({ headerHeight: 0, footerHeight: 0, patientBlockHeight: 70, padding: 250 })).toBe(680);
  });
  it('clamps the padding into 250..350 and defaults it to 300', () => {
    expect(bodyBudget({ headerHeight: 100, footerHeight: 100, patientBlockHeight: 70, padding: 100 })).toBe(480);
    expect(bodyBudget({ headerHeight: 100, footerHeight: 100, patientBlockHeight: 70, padding: 900 })).toBe(380);
    expect(bodyBudget({ headerHeight: 100, footerHeight: 100, patientBlockHeight: 70 })).toBe(430);
    expect(clampBodyPadding(249)).toBe(250);
    expect(clampBodyPadding(351)).toBe(350);
    expect(clampBodyPadding(320)).toBe(320);
  });
  it('never goes below 0 and ignores negative heights', () => {
    expect(bodyBudget({ headerHeight: 500, footerHeight: 400, patientBlockHeight: 150, padding: 350 })).toBe(0);
    expect(bodyBudget({ headerHeight: -50, footerHeight: 0, patientBlockHeight: 0, padding: 300 })).toBe(700);
  });
});

describe('formatReportDate (spec §9 en-GB, 12-hour clock, upper-case AM/PM)', () => {
  it('formats day, short month, year and a 12-hour time', () => {
    expect(formatReportDate('2026-11-27T13:05:00Z')).toBe('27 Nov 2026, 01:05 PM');
    expect(formatReportDate('2026-09-01T09:08:00Z')).toBe('01 Sep 2026, 09:08 AM');
    expect(formatReportDate(new Date('2026-12-31T23:59:59Z'))).toBe('31 Dec 2026, 11:59 PM');
  });
  it('shows midnight as 12:00 AM and noon as 12:00 PM', () => {
    expect(formatReportDate('2026-11-27T00:00:00Z')).toBe('27 Nov 2026, 12:00 AM');
    expect(formatReportDate('2026-11-27T12:00:00Z')).toBe('27 Nov 2026, 12:00 PM');
    expect(formatReportDate('2026-11-27T00:30:00Z')).toBe('27 Nov 2026, 12:30 AM');
    expect(formatReportDate('2026-11-27T12:30:00Z')).toBe('27 Nov 2026, 12:30 PM');
  });
  it('shows the wall clock of a given time zone', () => {
    expect(formatReportDate('2026-11-27T00:00:00Z', 'Asia/Kolkata')).toBe('27 Nov 2026, 05:30 AM');
    expect(formatReportDate('2026-07-01T12:00:00Z', 'Europe/London')).toBe('01 Jul 2026, 01:00 PM');
  });
  it('gives an empty string for no or an invalid date', () => {
    expect(formatReportDate(null)).toBe('');
    expect(formatReportDate(undefined)).toBe('');
    expect(formatReportDate('')).toBe('');
    expect(formatReportDate('not a date')).toBe('');
  });
  it('has a date-only form', () => {
    expect(formatReportDay('2026-11-27T13:05:00Z')).toBe('27 Nov 2026');
    expect(formatReportDay(null)).toBe('');
  });
});

describe('formatReportDateIst (the +5 h 30 min display helper)', () => {
  it('adds 5 h 30 min', () => {
    expect(formatReportDateIst('2026-11-27T07:35:00Z')).toBe('27 Nov 2026, 01:05 PM');
    expect(formatReportDateIst('2026-11-27T06:30:00Z')).toBe('27 Nov 2026, 12:00 PM');
  });
  it('crosses midnight into the next day (and month and year)', () => {
    expect(formatReportDateIst('2026-11-26T18:30:00Z')).toBe('27 Nov 2026, 12:00 AM');
    expect(formatReportDateIst('2026-12-31T20:00:00Z')).toBe('01 Jan 2027, 01:30 AM');
  });
  it('does not change the instant given', () => {
    const date = new Date('2026-11-27T07:35:00Z');
    formatReportDateIst(date);
    expect(date.toISOString()).toBe('2026-11-27T07:35:00.000Z');
    expect(formatReportDateIst(null)).toBe('');
  });
});
