import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one unit of work (an HTTP request, a Kafka message, a job) into every log line. */
export interface WorkContext {
  requestId?: string;
  correlationId: string;
  tenantId?: string | null;
}

const storage = new AsyncLocalStorage<WorkContext>();

export const CORRELATION_HEADER = 'x-correlation-id';
export const REQUEST_ID_HEADER = 'x-request-id';

export function runWithContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}

/** The correlation id of the work in progress, or a new one when there is none. */
export function currentCorrelationId(): string {
  return storage.getStore()?.correlationId ?? randomUUID();
}

export const newId = (): string => randomUUID();
