export * from './import/import.machine.js';
export * from './download/download.machine.js';
