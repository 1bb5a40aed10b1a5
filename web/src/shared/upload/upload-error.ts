/** Why a PUT to object storage failed: no answer (network), an answer of 300 or more (spec §8), or a cancel. */
export type UploadFailureKind = 'network' | 'status' | 'aborted';

export class UploadError extends Error {
  constructor(
    readonly kind: UploadFailureKind,
    readonly status: number | null = null,
  ) {
    super(kind === 'status' ? `upload answered ${status}` : kind === 'network' ? 'network error' : 'upload cancelled');
    this.name = 'UploadError';
  }

  /** A dropped connection or a server hiccup (5xx, 408, 429) can be retried; a refusal (403: link expired) not. */
  get retryable(): boolean {
    return (
      this.kind === 'network' || (this.status !== null && (this.status >= 500 || [408, 429].includes(this.status)))
    );
  }
}
