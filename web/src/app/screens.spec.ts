import { describe, expect, it } from '@jest/globals';
import { PROTECTED_ROUTES } from '@rayworks/contracts';
import { SCREENS } from './screens';

describe('screens of the protected routes', () => {
  it("has a screen for every route the contract marks 'available', and none for 'later' routes", () => {
    const available = PROTECTED_ROUTES.filter((r) => r.availability === 'available')
      .map((r) => r.path)
      .sort();
    expect(Object.keys(SCREENS).sort()).toEqual(available);
  });
});
