import { z } from 'zod';
import { MODULES, PLATFORM_MODULE, SUBMODULES, type PrivilegeRequirement, type SubmoduleType } from './privileges.js';

/** The user's permission configuration (spec §3): what GET /config returns. */
export const permissionConfigSchema = z.array(
  z.object({
    module: z.enum(MODULES),
    submodules: z.array(
      z.object({
        type: z.string(),
        privileges: z.array(z.object({ code: z.string() })),
      }),
    ),
  }),
);
export type PermissionConfig = z.infer<typeof permissionConfigSchema>;

/** Privileges as a compact map, the form roles are stored and tokens carry: type → codes. */
export type PrivilegeGrants = Partial<Record<SubmoduleType, readonly string[]>>;

/** Does the configuration hold the module, the type and one of the codes (case-insensitively, spec §6)? */
export function hasPrivilege(config: PermissionConfig, need: PrivilegeRequirement): boolean {
  const wanted = new Set(need.anyOf.map((c) => c.toLowerCase()));
  return config.some(
    (entry) =>
      entry.module.toLowerCase() === need.module.toLowerCase() &&
      entry.submodules.some(
        (sub) =>
          sub.type.toLowerCase() === need.type.toLowerCase() &&
          sub.privileges.some((p) => wanted.has(p.code.toLowerCase())),
      ),
  );
}

export const grantsAllow = (grants: PrivilegeGrants, need: PrivilegeRequirement): boolean =>
  hasPrivilege(toPermissionConfig(grants), need);

/** Builds the configuration from grants, in catalogue order, leaving out what the catalogue does not know. */
export function toPermissionConfig(grants: PrivilegeGrants): PermissionConfig {
  return MODULES.map((module) => ({
    module,
    submodules: (Object.keys(SUBMODULES) as SubmoduleType[])
      .filter((type) => SUBMODULES[type].module === module && (grants[type]?.length ?? 0) > 0)
      .map((type) => ({
        type,
        privileges: (SUBMODULES[type].privileges as readonly string[])
          .filter((code) => grants[type]!.includes(code))
          .map((code) => ({ code })),
      }))
      .filter((sub) => sub.privileges.length > 0),
  })).filter((entry) => entry.submodules.length > 0);
}

/**
 * Keeps only grants the catalogue knows: a role can never hold an invented code. The platform module's grants are
 * kept only for the platform operators' role (`platform: true`): a company's role never holds them.
 */
export function sanitizeGrants(
  grants: Record<string, readonly string[]>,
  { platform = false }: { platform?: boolean } = {},
): PrivilegeGrants {
  const out: PrivilegeGrants = {};
  for (const [type, codes] of Object.entries(grants)) {
    if (!(type in SUBMODULES)) continue;
    if ((SUBMODULES[type as SubmoduleType].module === PLATFORM_MODULE) !== platform) continue;
    const known = SUBMODULES[type as SubmoduleType].privileges as readonly string[];
    const kept = [...new Set(codes)].filter((c) => known.includes(c));
    if (kept.length > 0) out[type as SubmoduleType] = kept;
  }
  return out;
}

/** Grants of a, narrowed to those b also has (for narrowing a token by request headers). */
export function intersectGrants(a: PrivilegeGrants, b: PrivilegeGrants): PrivilegeGrants {
  const out: PrivilegeGrants = {};
  for (const [type, codes] of Object.entries(a) as [SubmoduleType, readonly string[]][]) {
    const kept = codes.filter((c) => b[type]?.includes(c));
    if (kept.length > 0) out[type] = kept;
  }
  return out;
}
