import { SUBMODULES, SUBMODULE_TYPES, type PrivilegeGrants, type SubmoduleType } from '@rayworks/contracts';

/**
 * Privilege grants, compactly, for the access token: per submodule type a bit mask over the catalogue's
 * codes for that type (bit i = SUBMODULES[type].privileges[i]). A token also carries the catalogue's
 * fingerprint: a token made against another catalogue (a deployment changed it) is refused rather than
 * decoded into the wrong codes.
 */
export type EncodedGrants = Record<string, number>;

for (const type of SUBMODULE_TYPES) {
  if (SUBMODULES[type].privileges.length > 30)
    throw new Error(`${type} has more than 30 privilege codes: widen the grants codec`);
}

/** FNV-1a over the catalogue's types and codes, in order. */
export const GRANTS_CATALOGUE_VERSION: string = (() => {
  let hash = 0x811c9dc5;
  const text = SUBMODULE_TYPES.map((t) => `${t}:${SUBMODULES[t].privileges.join(',')}`).join(';');
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
})();

export function encodeGrants(grants: PrivilegeGrants): EncodedGrants {
  const out: EncodedGrants = {};
  for (const [type, codes] of Object.entries(grants) as [SubmoduleType, readonly string[]][]) {
    const catalogue = SUBMODULES[type]?.privileges as readonly string[] | undefined;
    if (!catalogue) continue;
    let mask = 0;
    for (const code of codes) {
      const bit = catalogue.indexOf(code);
      if (bit >= 0) mask |= 1 << bit;
    }
    if (mask !== 0) out[type] = mask;
  }
  return out;
}

export function decodeGrants(encoded: EncodedGrants): PrivilegeGrants {
  const out: PrivilegeGrants = {};
  for (const [type, mask] of Object.entries(encoded)) {
    const catalogue = SUBMODULES[type as SubmoduleType]?.privileges as readonly string[] | undefined;
    if (!catalogue || !Number.isInteger(mask)) continue;
    const codes = catalogue.filter((_, bit) => (mask & (1 << bit)) !== 0);
    if (codes.length > 0) out[type as SubmoduleType] = codes;
  }
  return out;
}
