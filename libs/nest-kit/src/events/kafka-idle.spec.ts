import { describe, expect, it } from '@jest/globals';
import { createRequire } from 'node:module';

/**
 * kafkajs 2.2.4's request queue re-armed a timer every millisecond while nothing was pending (tulios/kafkajs#1556,
 * #1704, unmerged): 1,650 wake-ups a second and 3.5 % of a core in every idle process of the stack.
 * patches/kafkajs+2.2.4.patch (patch-package, applied by `npm install`) stops it; this checks the installed copy
 * carries it (docs/decisions/0197).
 */
const require = createRequire(import.meta.url);

interface Queue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  scheduleCheckPendingRequests(): void;
  destroy(): void;
}
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js') as new (options: object) => Queue;
const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const queue = () =>
  new RequestQueue({
    instrumentationEmitter: null,
    maxInFlightRequests: null,
    requestTimeout: 1000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'b:9092',
    logger: { namespace: () => logger },
    isConnected: () => true,
  });

/** Runs a check on a fresh queue and destroys it whatever happens (an unpatched queue's timer never stops). */
function withQueue(check: (q: Queue) => void): void {
  const q = queue();
  try {
    check(q);
  } finally {
    q.destroy();
  }
}

describe('the Kafka client when idle', () => {
  it('arms no timer with nothing pending and no throttle', () => {
    withQueue((q) => {
      q.scheduleCheckPendingRequests();
      expect(q.throttleCheckTimeoutId).toBeNull();
    });
  });

  it('still checks again later when requests wait, or when the broker throttles', () => {
    withQueue((waiting) => {
      waiting.pending.push({});
      waiting.scheduleCheckPendingRequests();
      expect(waiting.throttleCheckTimeoutId).not.toBeNull();
    });
    withQueue((throttled) => {
      throttled.throttledUntil = Date.now() + 60_000;
      throttled.scheduleCheckPendingRequests();
      expect(throttled.throttleCheckTimeoutId).not.toBeNull();
    });
  });
});
