/** Messages of the user calls (designed here; the specification gives none). */
export const USER_MESSAGES = {
  notFound: 'User not found',
  roleNotFound: 'Role not found',
  roleInactive: 'The selected role is inactive',
  centreNotFound: 'Center not found',
  groupNotFound: 'Group not found',
  loginNameTaken: 'This login name is already taken',
  platformRolePlacement: 'A platform role belongs to no group or center',
  groupRoleNeedsGroup: 'Please select a group for this role',
  groupRoleNoCentres: 'A group role is given a group, not centers',
  centreRoleNeedsCentre: 'Please select at least one center for this role',
  centresOutsideGroup: 'The centers must belong to the selected group',
  notYourself: 'You cannot change your own status',
  unblocked: 'User Unblocked Successfully',
} as const;
