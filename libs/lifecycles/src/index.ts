export * from './import/import.machine.js';
export * from './download/download.machine.js';
export * from './case/case.machine.js';
export * from './case/action-table.js';
export * from './case/case-actions.js';
export * from './case/worklist-status.js';
export * from './case/turnaround.js';
export * from './fusion/fusion.machine.js';
