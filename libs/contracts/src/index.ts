export * from './services/services.js';
export * from './health/health.js';
export * from './events/envelope.js';
export * from './events/topics.js';
export * from './events/events.js';
export * from './events/subscriptions.js';
export * from './jobs/queues.js';
export * from './sockets/sockets.js';
