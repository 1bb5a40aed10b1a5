import { runService } from '@rayworks/nest-kit';
import { AppModule } from './app.module.js';

await runService('billing', AppModule);
