import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { studyToken } from './token';

const LATER = new Date(Date.now() + 900_000).toISOString();

describe('the study token after a DICOMweb refusal', () => {
  afterEach(() => {
    studyToken.clear();
    jest.useRealTimers();
  });

  it('renews once for everyone refused meanwhile, and the page is not told when the renewal works', async () => {
    jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'queueMicrotask'] });
    studyToken.set('old', LATER);
    jest.setSystemTime(Date.now() + 60_000);
    let calls = 0;
    studyToken.setRenewer(async () => {
      calls += 1;
      studyToken.set('new', LATER);
      return true;
    });
    const expired = jest.fn();
    const stop = studyToken.onRefused(expired);
    const answers = await Promise.all([studyToken.renewAfterRefusal('old'), studyToken.renewAfterRefusal(null)]);
    expect(answers).toEqual([true, true]);
    expect(calls).toBe(1);
    expect(studyToken.headers()).toEqual({ Authorization: 'Bearer new' });
    // a late refusal of the old token (a request sent before the renewal) asks for nothing more
    expect(await studyToken.renewAfterRefusal('old')).toBe(true);
    expect(calls).toBe(1);
    expect(expired).not.toHaveBeenCalled();
    stop();
  });

  it('tells the page the link has expired when the renewal is refused too', async () => {
    studyToken.set('old', LATER);
    studyToken.setRenewer(async () => false);
    const expired = jest.fn();
    const stop = studyToken.onRefused(expired);
    expect(await studyToken.renewAfterRefusal('old')).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });

  it('without a way to renew, a refusal is the end', async () => {
    studyToken.set('old', LATER);
    const expired = jest.fn();
    const stop = studyToken.onRefused(expired);
    expect(await studyToken.renewAfterRefusal('old')).toBe(false);
    expect(expired).toHaveBeenCalledTimes(1);
    stop();
  });
});
