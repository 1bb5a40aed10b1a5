import { runService } from '@rayworks/nest-kit';
import { analyzersEnvSchema } from './config/analyzers-env.js';
import { AnalyzersProcessModule } from './analyzers.module.js';

await runService('lims-analyzers', AnalyzersProcessModule, analyzersEnvSchema);
