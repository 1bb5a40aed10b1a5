import { Module } from '@nestjs/common';
import { DirectoryConsumer } from './directory.consumer.js';
import { DirectoryModule } from './directory.module.js';

/** The consumer of auth's user events (API process only: the kit's event consumer runs there). */
@Module({ imports: [DirectoryModule], providers: [DirectoryConsumer] })
export class DirectoryConsumerModule {}
