export * from './services/services.js';
export * from './health/health.js';
