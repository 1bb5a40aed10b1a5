/** The product's prefix in role codes ({product}_ADMIN in the specification). */
export const PRODUCT = 'RAYWORKS';

/** Role codes (spec §3), word for word. PATHOLOGIST is added: the specification has pathologist users but no code. */
export const ROLE_CODES = {
  ADMIN: `${PRODUCT}_ADMIN`,
  CENTER_ADMIN: 'CENTER_ADMIN',
  GROUP_ADMIN: 'GROUP_ADMIN',
  GROUP_CENTER_ADMIN: 'GROUP_CENTER_ADMIN',
  RADIOLOGY_ADMIN: `${PRODUCT}_RADIOLOGY_ADMIN`,
  RECEPTIONIST: 'RECEPTIONIST',
  CENTER_RADIOLOGIST: 'CENTER_RADIOLOGIST',
  MARKETPLACE_RADIOLOGIST: 'MARKETPLACE_RADIOLOGIST',
  TYPIST: 'TYPIST',
  JUNIOR_RADIOLOGIST: 'JUNIOR RADIOLOGIST',
  TRANSCRIPTIONIST: 'TRANSCRIPTIONIST',
  FUSION_GROUP_ADMIN: 'FUSION_GROUP_ADMIN',
  FUSION_GROUP_CENTER: 'FUSION_GROUP_CENTER',
  FUSION_CENTER: 'FUSION_CENTER',
  SUPER_ADMIN: 'SUPER_ADMIN',
  PATHOLOGIST: 'PATHOLOGIST',
} as const;
export type RoleCode = (typeof ROLE_CODES)[keyof typeof ROLE_CODES];
export const ALL_ROLE_CODES = Object.values(ROLE_CODES) as RoleCode[];

/** Short forms seen in the specification, and the role each stands for. */
export const ROLE_SHORT_FORMS: Record<string, RoleCode> = {
  ADMIN: ROLE_CODES.ADMIN,
  CA: ROLE_CODES.CENTER_ADMIN,
  GA: ROLE_CODES.GROUP_ADMIN,
  GCA: ROLE_CODES.GROUP_CENTER_ADMIN,
  RRA: ROLE_CODES.RADIOLOGY_ADMIN,
  RADIOLOGIST: ROLE_CODES.CENTER_RADIOLOGIST,
  MP_RADIOLOGIST: ROLE_CODES.MARKETPLACE_RADIOLOGIST,
  JR: ROLE_CODES.JUNIOR_RADIOLOGIST,
  FGA: ROLE_CODES.FUSION_GROUP_ADMIN,
  FGCA: ROLE_CODES.FUSION_GROUP_CENTER,
  FCA: ROLE_CODES.FUSION_CENTER,
};

/** A role code from its long or short form; undefined for anything else. */
export function normalizeRoleCode(code: string): RoleCode | undefined {
  const upper = code.trim().toUpperCase();
  return (ALL_ROLE_CODES as string[]).includes(upper) ? (upper as RoleCode) : ROLE_SHORT_FORMS[upper];
}

/** How each role is named on screen. The typist role is labelled Transcriptionist (spec §6). */
export const ROLE_LABELS: Record<RoleCode, string> = {
  [ROLE_CODES.ADMIN]: 'Rayworks Admin',
  [ROLE_CODES.CENTER_ADMIN]: 'Center Admin',
  [ROLE_CODES.GROUP_ADMIN]: 'Group Admin',
  [ROLE_CODES.GROUP_CENTER_ADMIN]: 'Group Center Admin',
  [ROLE_CODES.RADIOLOGY_ADMIN]: 'Rayworks Radiology Admin',
  [ROLE_CODES.RECEPTIONIST]: 'Receptionist',
  [ROLE_CODES.CENTER_RADIOLOGIST]: 'Center Radiologist',
  [ROLE_CODES.MARKETPLACE_RADIOLOGIST]: 'Marketplace Radiologist',
  [ROLE_CODES.TYPIST]: 'Transcriptionist',
  [ROLE_CODES.JUNIOR_RADIOLOGIST]: 'Junior Radiologist',
  [ROLE_CODES.TRANSCRIPTIONIST]: 'Transcriptionist',
  [ROLE_CODES.FUSION_GROUP_ADMIN]: 'Fusion Group Admin',
  [ROLE_CODES.FUSION_GROUP_CENTER]: 'Fusion Group Center',
  [ROLE_CODES.FUSION_CENTER]: 'Fusion Center',
  [ROLE_CODES.SUPER_ADMIN]: 'Super Admin',
  [ROLE_CODES.PATHOLOGIST]: 'Pathologist',
};

/** Roles that show the online/offline availability switch in the top bar (spec §2). */
export const AVAILABILITY_ROLES: readonly RoleCode[] = [ROLE_CODES.CENTER_RADIOLOGIST, ROLE_CODES.TYPIST];

/** Roles whose users belong to the platform rather than to a tenant's group or centre. */
export const PLATFORM_ROLES: readonly RoleCode[] = [
  ROLE_CODES.ADMIN,
  ROLE_CODES.SUPER_ADMIN,
  ROLE_CODES.RADIOLOGY_ADMIN,
  ROLE_CODES.MARKETPLACE_RADIOLOGIST,
];

/**
 * The platform operator (docs/decisions/0085-platform-operators.md): SUPER_ADMIN of the platform, not of a company.
 * Its user has no company; its principal is recognised by `level: 'platform'` and `tenantId: null` (the access
 * token's `lv` and `tid` claims), never by the role code alone: a company may have a SUPER_ADMIN role of its own,
 * which holds no platform privilege. Its privileges: PLATFORM_OPERATOR_PRIVILEGES (the PLATFORM module only).
 */
export const PLATFORM_OPERATOR = {
  roleCode: ROLE_CODES.SUPER_ADMIN,
  label: 'Platform Operator',
  /** The platform operator login `npm start` seeds (demo password). */
  demoLoginName: 'platform',
} as const;

/** Roles with the special admin avatar (spec §2). */
export const ADMIN_AVATAR_ROLES: readonly RoleCode[] = [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN];
