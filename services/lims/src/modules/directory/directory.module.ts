import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { CentresRepository } from './centres.repository.js';
import { UsersConsumer } from './users.consumer.js';
import { UsersRepository } from './users.repository.js';

/**
 * The company's centres and users as the LIMS knows them (API process): the analyzers' centres (docs/decisions/0373),
 * the names of who validated and signed (0374).
 */
@Module({
  providers: [CentresRepository, CentresConsumer, UsersRepository, UsersConsumer],
  exports: [CentresRepository],
})
export class DirectoryModule {}
