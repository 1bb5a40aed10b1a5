import { describe, expect, it } from '@jest/globals';
import { REPORT_EVENT_TYPES } from '@rayworks/contracts';
import { REPORT_EVENT_ACTIONS, reportAuditAction } from './report-events.consumer.js';

describe('report events on the case', () => {
  it('name their audit entries after the event', () => {
    expect(reportAuditAction('ReportFinalized')).toBe('REPORT_FINALIZED');
    expect(reportAuditAction('ReportSentToTypist')).toBe('REPORT_SENT_TO_TYPIST');
    expect(reportAuditAction('CriticalResultFlagged')).toBe('CRITICAL_RESULT_FLAGGED');
  });

  it('move the case by the machine steps of the report; the others only record', () => {
    expect(REPORT_EVENT_ACTIONS).toEqual({
      ReportSentToTypist: 'SEND_TO_TYPIST',
      ReportTranscriptionStarted: 'TRANSCRIBE',
      ReportSubmittedForReview: 'SUBMIT_FOR_REVIEW',
      ReportFinalized: 'COMPLETE',
      ReportAddendumFinalized: 'ADDENDUM',
    });
    for (const type of Object.keys(REPORT_EVENT_ACTIONS)) expect(REPORT_EVENT_TYPES).toContain(type);
  });
});
