import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { CentresRepository } from './centres.repository.js';

/** What billing knows of the company's groups and centres (a read model of auth.org.v1). */
@Module({ providers: [CentresConsumer, CentresRepository], exports: [CentresRepository] })
export class DirectoryModule {}
