import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { DirectoryConsumer } from './directory.consumer.js';
import { DirectoryModule } from './directory.module.js';

/** The consumers of auth's user and org unit events (API process only: the kit's event consumer runs there). */
@Module({ imports: [DirectoryModule], providers: [DirectoryConsumer, CentresConsumer] })
export class DirectoryConsumerModule {}
