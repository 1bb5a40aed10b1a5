import { describe, expect, it } from '@jest/globals';
import { landingQueue, TYPIST_QUEUE } from './queues';

describe('reporting queues', () => {
  it('a transcriptionist lands on the typist queue (long or short role codes)', () => {
    expect(landingQueue(['TYPIST'])).toBe(TYPIST_QUEUE);
    expect(landingQueue(['TRANSCRIPTIONIST'])).toBe('PENDING AT TYPIST');
  });
  it('others land where they always did', () => {
    expect(landingQueue(['RADIOLOGIST'])).toBeNull();
    expect(landingQueue(['CENTER_ADMIN'])).toBeNull();
    expect(landingQueue([])).toBeNull();
  });
});
