/**
 * The study token of /cases/viewer/open (a short-lived read-only JWT for the case's study and its priors), held
 * where the image loader's request hook and the metadata fetches read it. The page renews it by calling open again
 * before it expires (useViewerSession), and once more when DICOMweb refuses it (a laptop that slept past the renewal):
 * only when that renewal is refused too does the page say the link has expired.
 */
let current: { token: string; expiresAt: number; setAt: number } | null = null;
let renewer: (() => Promise<boolean>) | null = null;
let renewing: Promise<boolean> | null = null;
const refusedListeners = new Set<() => void>();

/** A refusal of no known token (the image loader's) this soon after a renewal is of a request sent before it. */
const RENEWED_GRACE_MS = 10_000;

export const studyToken = {
  set(token: string, expiresAt: string): void {
    current = { token, expiresAt: Date.parse(expiresAt), setAt: Date.now() };
  },
  clear(): void {
    current = null;
    renewer = null;
    renewing = null;
  },
  get token(): string | null {
    return current?.token ?? null;
  },
  get expiresAt(): number | null {
    return current?.expiresAt ?? null;
  },
  /** How to get a new token (open the case again); answers whether it worked. */
  setRenewer(renew: (() => Promise<boolean>) | null): void {
    renewer = renew;
  },
  /** A new token now (one renewal at a time, shared by everyone asking meanwhile). */
  renew(): Promise<boolean> {
    if (!renewer) return Promise.resolve(false);
    renewing ??= renewer()
      .catch(() => false)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  },
  /**
   * DICOMweb answered 401 to `refused` (the token the request carried; null when unknown): renew once, and only
   * when that fails tell the listeners (the page shows the link as expired). Answers whether a valid token is held.
   */
  async renewAfterRefusal(refused: string | null): Promise<boolean> {
    if (current && refused !== null && refused !== current.token) return true;
    if (current && refused === null && Date.now() - current.setAt < RENEWED_GRACE_MS) return true;
    const renewed = await studyToken.renew();
    if (!renewed) for (const listener of refusedListeners) listener();
    return renewed;
  },
  onRefused(listener: () => void): () => void {
    refusedListeners.add(listener);
    return () => refusedListeners.delete(listener);
  },
  headers(): Record<string, string> {
    return current ? { Authorization: `Bearer ${current.token}` } : {};
  },
};
