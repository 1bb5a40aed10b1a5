import { describe, expect, it } from '@jest/globals';
import { ALL_ROLE_CODES, DEFAULT_ROLE_PRIVILEGES, SUBMODULES } from '@rayworks/contracts';
import { decodeGrants, encodeGrants, GRANTS_CATALOGUE_VERSION } from './grants-codec.js';

const sorted = (g: Record<string, readonly string[]>) =>
  Object.fromEntries(
    Object.entries(g)
      .map(([k, v]) => [k, [...v].sort()])
      .sort(),
  );

describe('grants codec', () => {
  it.each(ALL_ROLE_CODES)('round-trips the default grants of %s', (role) => {
    const grants = DEFAULT_ROLE_PRIVILEGES[role];
    expect(sorted(decodeGrants(encodeGrants(grants)) as Record<string, string[]>)).toEqual(
      sorted(grants as Record<string, string[]>),
    );
  });

  it('drops codes and types the catalogue does not know, in both directions', () => {
    expect(encodeGrants({ GROUP: ['VIEW', 'FLY'], NOPE: ['VIEW'] } as never)).toEqual({
      GROUP: 1 << SUBMODULES.GROUP.privileges.indexOf('VIEW'),
    });
    expect(decodeGrants({ NOPE: 7, GROUP: 0 })).toEqual({});
  });

  it('has a stable catalogue fingerprint', () => {
    expect(GRANTS_CATALOGUE_VERSION).toMatch(/^[0-9a-z]+$/);
  });
});
