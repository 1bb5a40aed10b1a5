import { runWorker } from '@rayworks/nest-kit';
import { WorkerModule } from './worker.module.js';

await runWorker('reporting', WorkerModule);
