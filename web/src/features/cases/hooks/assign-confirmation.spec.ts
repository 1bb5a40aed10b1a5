import { describe, expect, it } from '@jest/globals';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { assignedToast, assigneeFilterBody, warnsOffline } from './assign-confirmation';

const ok = { status: 'success' as const };
const refused = { status: 'error' as const };
const dr = { id: 'r1', fullName: 'Asha Rao', isAvailable: true };

describe('the assign confirmation', () => {
  it("titles the spec's words and names the assignee", () => {
    expect(assignedToast([ok], CASE_MESSAGES.assigned, dr)).toEqual({
      title: 'Case Assigned Successfully',
      message: 'Assigned to Asha Rao',
    });
  });

  it('counts the cases when several were chosen, and says when some did not go', () => {
    expect(assignedToast([ok, ok, ok], CASE_MESSAGES.assigned, dr)?.message).toBe('3 cases assigned to Asha Rao');
    expect(assignedToast([ok, refused, ok], CASE_MESSAGES.assigned, dr)?.message).toBe(
      '2 of 3 cases assigned to Asha Rao',
    );
  });

  it("keeps another route's own answer as the title; without one, the spec's", () => {
    expect(assignedToast([ok], 'Fusion Case Assigned', dr)?.title).toBe('Fusion Case Assigned');
    expect(assignedToast([ok], '', dr)?.title).toBe(CASE_MESSAGES.assigned);
  });

  it('confirms nothing when no case went', () => {
    expect(assignedToast([refused, refused], CASE_MESSAGES.assigned, dr)).toBeNull();
  });
});

describe('the offline warning', () => {
  it('asks first only for someone offline', () => {
    expect(warnsOffline({ ...dr, isAvailable: false })).toBe(true);
    expect(warnsOffline(dr)).toBe(false);
    expect(warnsOffline(null)).toBe(false);
  });
});

describe("the picker's filters", () => {
  it('sends only the filters set', () => {
    expect(assigneeFilterBody({ specialization: null, availability: 'ALL' })).toEqual({});
    expect(assigneeFilterBody({ specialization: 'Neuro', availability: 'ONLINE' })).toEqual({
      specialization: 'Neuro',
      availability: 'ONLINE',
    });
    expect(assigneeFilterBody({ specialization: '', availability: 'OFFLINE' })).toEqual({ availability: 'OFFLINE' });
  });
});
