import { describe, expect, it } from '@jest/globals';
import { avatarFor, compactUserButtonLabel, userDisplayName, userRoleLabel, welcomeLine } from './user-display';

const user = (patch: Record<string, unknown> = {}) =>
  ({
    roleCodes: ['CENTER_RADIOLOGIST'],
    name: undefined,
    fullName: 'Meera Shah',
    firstName: 'Meera',
    lastName: 'Shah',
    centerName: 'Apex Andheri',
    groupName: 'Apex Diagnostics',
    roledetails: { name: 'Radiologist (custom)' },
    profileImg: [],
    ...patch,
  }) as Parameters<typeof avatarFor>[0];

describe('how the top bar names the user (spec §6)', () => {
  it('shows the centre for a centre admin, the group for a group admin, first and last name for the admin', () => {
    expect(userDisplayName(user({ roleCodes: ['CENTER_ADMIN'] }))).toBe('Apex Andheri');
    expect(userDisplayName(user({ roleCodes: ['GROUP_ADMIN'] }))).toBe('Apex Diagnostics');
    expect(userDisplayName(user({ roleCodes: ['RAYWORKS_ADMIN'], fullName: 'Dr M S' }))).toBe('Meera Shah');
    expect(userDisplayName(user())).toBe('Meera Shah');
  });

  it('labels the typist Transcriptionist and falls back to the role name for unknown codes', () => {
    expect(userRoleLabel(user({ roleCodes: ['TYPIST'] }))).toBe('Transcriptionist');
    expect(userRoleLabel(user({ roleCodes: ['GCA'] }))).toBe('Group Center Admin');
    expect(userRoleLabel(user({ roleCodes: ['SOMETHING_NEW'] }))).toBe('Radiologist (custom)');
  });

  it('gives the admin roles the special avatar, others their picture or initials', () => {
    expect(avatarFor(user({ roleCodes: ['RAYWORKS_ADMIN'] }))).toEqual({ kind: 'admin' });
    expect(avatarFor(user({ roleCodes: ['SUPER_ADMIN'] }))).toEqual({ kind: 'admin' });
    expect(avatarFor(user({ profileImg: [{ preview: 'https://x/y.png' }] }))).toEqual({
      kind: 'logo',
      src: 'https://x/y.png',
    });
    expect(avatarFor(user())).toEqual({ kind: 'initials', text: 'MS' });
    expect(avatarFor(user({ roleCodes: ['CENTER_ADMIN'] }))).toEqual({ kind: 'initials', text: 'AA' });
  });

  it('names the compact user button beginning with the initials it shows (WCAG 2.5.3)', () => {
    expect(compactUserButtonLabel(user())).toBe('MS, User menu for Meera Shah');
    expect(compactUserButtonLabel(user({ roleCodes: ['RAYWORKS_ADMIN'] }))).toBe('User menu for Meera Shah');
    expect(compactUserButtonLabel(user({ profileImg: [{ preview: 'https://x/y.png' }] }))).toBe(
      'User menu for Meera Shah',
    );
  });

  it('welcomes the user by that name', () => {
    expect(welcomeLine('Meera Shah')).toBe('Welcome, Meera Shah!');
  });
});
