import { fileURLToPath } from 'node:url';
import { generateOpenApi } from '@rayworks/nest-kit';
import { AppModule, GATEWAY } from './app.module.js';

await generateOpenApi(GATEWAY, AppModule, fileURLToPath(new URL('../openapi.json', import.meta.url)));
