import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '@rayworks/nest-kit';
import { AppModule } from './app.module.js';

await generateOpenApi('lims', AppModule, fileURLToPath(new URL('../openapi.json', import.meta.url)));
