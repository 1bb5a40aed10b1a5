/**
 * The study token of /cases/viewer/open (a short-lived read-only JWT for the case's study and its priors), held
 * where the image loader's request hook and the metadata fetches read it. The page renews it by calling open again
 * before it expires (useStudyToken).
 */
let current: { token: string; expiresAt: number } | null = null;
const refusedListeners = new Set<() => void>();

export const studyToken = {
  set(token: string, expiresAt: string): void {
    current = { token, expiresAt: Date.parse(expiresAt) };
  },
  clear(): void {
    current = null;
  },
  get token(): string | null {
    return current?.token ?? null;
  },
  get expiresAt(): number | null {
    return current?.expiresAt ?? null;
  },
  /** DICOMweb answered 401 to the token: the link has expired (the page shows so). */
  refused(): void {
    for (const listener of refusedListeners) listener();
  },
  onRefused(listener: () => void): () => void {
    refusedListeners.add(listener);
    return () => refusedListeners.delete(listener);
  },
  headers(): Record<string, string> {
    return current ? { Authorization: `Bearer ${current.token}` } : {};
  },
};
