export * from './generated/index.js';
