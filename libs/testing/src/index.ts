export * from './infra.js';
export * from './eventually.js';
export * from './processes.js';
export * from './tenants.js';
export * from './redis.js';
export * from './token-keys.js';
export * from './dicom-fixtures.js';
export * from './orthanc.js';
