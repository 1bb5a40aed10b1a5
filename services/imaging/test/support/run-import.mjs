// Runs one import the way the imaging worker's processor does (StudyImportService.run), in a process of its own
// that a test can hold to a memory limit: the worker's module over the built service (services/imaging/dist), with
// none of the kit's background work started (no relays, no queue processors: the test's import is the only work).
// Prints one JSON line: the run's result and the process's peak resident memory.
// usage: node run-import.mjs <tenantId> <importId>
import 'reflect-metadata';
import { Test } from '@nestjs/testing';

const [tenantId, importId] = process.argv.slice(2);
const dist = new URL('../../dist/', import.meta.url);
const { WorkerModule } = await import(new URL('worker.module.js', dist).href);
const { StudyImportService } = await import(new URL('modules/imports/study-import.service.js', dist).href);

const moduleRef = await Test.createTestingModule({ imports: [WorkerModule] }).compile();
let result;
try {
  result = await moduleRef.get(StudyImportService).run(tenantId, importId, true);
} catch (error) {
  result = `error: ${error instanceof Error ? error.message : String(error)}`;
}
process.stdout.write(`${JSON.stringify({ result, maxRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
process.exit(0);
