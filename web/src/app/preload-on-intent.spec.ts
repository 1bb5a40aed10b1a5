import { describe, expect, it } from '@jest/globals';
import { CONSOLE_ROUTES } from '@rayworks/contracts';
import { intentPath, routeOfPath } from './preload-on-intent';

describe('prefetch on intent', () => {
  it('finds the route of a console path, parameters included', () => {
    expect(routeOfPath('/cases')).toBe(CONSOLE_ROUTES.cases);
    expect(routeOfPath('/cases/report/6a1f0c2e-0000-4000-8000-000000000001')).toBe(CONSOLE_ROUTES.casesReport);
    expect(routeOfPath('/no/such/screen')).toBeNull();
  });

  it('ignores what is not an element of the page (a window, nothing)', () => {
    expect(intentPath(null)).toBeNull();
  });
});
