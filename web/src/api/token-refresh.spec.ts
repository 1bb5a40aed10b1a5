import { describe, expect, it } from '@jest/globals';
import type { StoredProfile } from './storage';
import { RENEW_BEFORE_MS, tokenNeedsRenewal } from './token-refresh';

const profile = (tokenExpiresAt?: number) => ({ token: 't', sessionToken: 's', tokenExpiresAt }) as StoredProfile;

describe('access token renewal', () => {
  it('renews a minute before the token expires, and after', () => {
    expect(tokenNeedsRenewal(profile(100_000), 100_000 - RENEW_BEFORE_MS - 1)).toBe(false);
    expect(tokenNeedsRenewal(profile(100_000), 100_000 - RENEW_BEFORE_MS)).toBe(true);
    expect(tokenNeedsRenewal(profile(100_000), 200_000)).toBe(true);
  });

  it('does nothing without a session or an expiry', () => {
    expect(tokenNeedsRenewal(null)).toBe(false);
    expect(tokenNeedsRenewal(profile(undefined))).toBe(false);
    expect(tokenNeedsRenewal({ token: 't', tokenExpiresAt: 0 } as StoredProfile)).toBe(false);
  });
});
