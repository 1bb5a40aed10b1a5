import { ROLE_CODES, type RoleCode } from '@rayworks/contracts';

/** The demo seed (issue 3; README "Demo logins"): one user of every role, all with this password. */
export const DEMO_PASSWORD = 'Demo@1234';

export const DEMO_USERS: Readonly<Record<string, RoleCode>> = {
  admin: ROLE_CODES.ADMIN,
  rra: ROLE_CODES.RADIOLOGY_ADMIN,
  'group.admin': ROLE_CODES.GROUP_ADMIN,
  gca: ROLE_CODES.GROUP_CENTER_ADMIN,
  'centre.admin': ROLE_CODES.CENTER_ADMIN,
  reception: ROLE_CODES.RECEPTIONIST,
  radiologist: ROLE_CODES.CENTER_RADIOLOGIST,
  'jr.radiologist': ROLE_CODES.JUNIOR_RADIOLOGIST,
  typist: ROLE_CODES.TYPIST,
  'mp.radiologist': ROLE_CODES.MARKETPLACE_RADIOLOGIST,
  'fusion.admin': ROLE_CODES.FUSION_GROUP_ADMIN,
  'fusion.centre': ROLE_CODES.FUSION_CENTER,
  pathologist: ROLE_CODES.PATHOLOGIST,
};
