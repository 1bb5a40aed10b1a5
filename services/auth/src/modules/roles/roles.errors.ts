/** Messages of the role calls (designed here; the specification gives none). */
export const ROLE_MESSAGES = {
  notFound: 'Role not found',
  nameTaken: 'A role with this name already exists',
  unknownRoleCode: 'Unknown role code',
  systemRoleCode: 'The role code of a system role cannot be changed',
  privilegesNotHeld: 'You can only grant privileges you hold yourself',
} as const;
