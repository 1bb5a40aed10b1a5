import { describe, expect, it } from '@jest/globals';
import { displayName, initials } from './display-name.js';

const base = {
  firstName: 'Asha',
  lastName: 'Rao',
  name: 'Dr Asha Rao',
  centerName: 'Apex Andheri',
  groupName: 'Apex Diagnostics',
};

describe('displayName (spec §6)', () => {
  it('shows the centre name for a centre admin', () =>
    expect(displayName({ ...base, roleCodes: ['CENTER_ADMIN'] })).toBe('Apex Andheri'));
  it('shows the group name for a group admin', () =>
    expect(displayName({ ...base, roleCodes: ['GROUP_ADMIN'] })).toBe('Apex Diagnostics'));
  it('shows the centre name for a group-centre admin', () =>
    expect(displayName({ ...base, roleCodes: ['GROUP_CENTER_ADMIN'] })).toBe('Apex Andheri'));
  it('shows first plus last name for the product admin', () =>
    expect(displayName({ ...base, roleCodes: ['RAYWORKS_ADMIN'] })).toBe('Asha Rao'));
  it('shows name, or else fullName, for everyone else', () => {
    expect(displayName({ ...base, roleCodes: ['CENTER_RADIOLOGIST'] })).toBe('Dr Asha Rao');
    expect(displayName({ ...base, name: undefined, fullName: 'Asha R.', roleCodes: ['TYPIST'] })).toBe('Asha R.');
  });
  it('falls back to the person when the organisation name is missing', () =>
    expect(displayName({ ...base, centerName: null, roleCodes: ['CENTER_ADMIN'] })).toBe('Dr Asha Rao'));
  it('makes avatar initials from the first two words', () => {
    expect(initials('Apex Andheri Centre')).toBe('AA');
    expect(initials('asha')).toBe('A');
  });
});
