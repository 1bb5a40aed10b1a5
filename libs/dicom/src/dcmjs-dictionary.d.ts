// dcmjs ships its data dictionary as a plain ES module (package export `dcmjs/dictionary`) without types.
declare module 'dcmjs/dictionary' {
  export interface DcmjsDictionaryEntry {
    /** '(0010,0010)', '(6000-60FF,3000)', or '(0019,"GEMS_ACQU_01",10)' for private tags. */
    tag: string;
    /** A VR, or a placeholder for context-dependent ones: 'xs' (US/SS), 'ox' (OB/OW), 'lt', 'up', 'na'. */
    vr: string;
    name: string;
    vm: string;
    version: string;
  }
  export const dictionary: Record<string, DcmjsDictionaryEntry>;
  export default dictionary;
}
