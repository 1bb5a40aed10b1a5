import { ApiError, describeHttpStatus } from '@rayworks/api-client';
import { SERVICE_NAMES, serviceApiPrefix, type ReadinessReport, type ServiceName } from '@rayworks/contracts';

/** What the status page watches: the gateway itself, then every back-end service. */
export type StatusTarget = 'gateway' | ServiceName;
export const STATUS_TARGETS: readonly StatusTarget[] = ['gateway', ...SERVICE_NAMES];

/** The status page refreshes every target this often. */
export const READINESS_REFRESH_MS = 5_000;

/** Where the browser asks for a target's readiness (through the gateway), as the page shows it. */
export function readinessPath(target: StatusTarget): string {
  return target === 'gateway' ? '/health/ready' : `${serviceApiPrefix(target)}/health/ready`;
}

export const TARGET_LABELS: Record<StatusTarget, { title: string; description: string }> = {
  gateway: { title: 'Gateway', description: 'Console, API routing and real-time updates' },
  auth: { title: 'Auth', description: 'Tenants, users, roles and sessions' },
  cases: { title: 'Cases', description: 'Worklist, assignment and fusion workflow' },
  reporting: { title: 'Reporting', description: 'Report templates, reports, PDF and delivery' },
  billing: { title: 'Billing', description: 'Patients, rate cards, invoices and payments' },
  lims: { title: 'LIMS', description: 'Samples, accession, validation and lab reports' },
  imaging: { title: 'Imaging', description: 'Studies, import, downloads and viewer' },
};

const CHECK_LABELS: Record<string, string> = {
  database: 'Database',
  redis: 'Redis',
  kafka: 'Kafka',
  storage: 'Object storage',
  services: 'Services',
  console: 'Console files',
  smtp: 'Mail (SMTP)',
};

export function checkLabel(check: string): string {
  return CHECK_LABELS[check] ?? check.charAt(0).toUpperCase() + check.slice(1);
}

/** The one word the page shows for a target. */
export type TargetState = 'checking' | 'ready' | 'not-ready' | 'unreachable';

/** Decides the state from the latest answer: an error wins over an older report. */
export function targetState(report: ReadinessReport | undefined, error: unknown): TargetState {
  if (error) return 'unreachable';
  if (!report) return 'checking';
  return report.status === 'ready' ? 'ready' : 'not-ready';
}

/** The badge text. `unreachable` is still "Not ready"; the card explains why. */
export function stateLabel(state: TargetState): string {
  switch (state) {
    case 'ready':
      return 'Ready';
    case 'checking':
      return 'Checking…';
    default:
      return 'Not ready';
  }
}

/** A plain sentence explaining why a target gave no usable answer. */
export function describeFailure(target: StatusTarget, error: unknown): string {
  const subject = target === 'gateway' ? 'The gateway' : `The ${TARGET_LABELS[target].title} service`;
  if (error instanceof ApiError) {
    if (error.kind === 'network') {
      return target === 'gateway'
        ? 'The gateway did not answer. Check that it is running and reachable from this browser.'
        : 'The gateway did not answer, so this service could not be checked.';
    }
    if (error.kind === 'invalid-response') {
      return `${subject} answered with something that is not a readiness report (${describeHttpStatus(error.status ?? 0)}).`;
    }
    if (error.status === 502 || error.status === 503 || error.status === 504) {
      return `${subject} did not answer the gateway (${describeHttpStatus(error.status)}). It may be starting or stopped.`;
    }
    return `${subject} answered ${error.message}.`;
  }
  return `${subject} could not be checked.`;
}
