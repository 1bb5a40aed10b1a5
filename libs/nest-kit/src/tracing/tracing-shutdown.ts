import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTracing } from './tracing.js';

/** Sends the spans still buffered when the application shuts down (for a process without the kit's lifecycle). */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopTracing();
  }
}
