import { Module } from '@nestjs/common';
import { DirectoryConsumer } from './directory.consumer.js';
import { DirectoryRepository } from './directory.repository.js';

/** The read models of auth's users, groups and centres (names, placement, availability, specializations). */
@Module({
  providers: [DirectoryRepository, DirectoryConsumer],
  exports: [DirectoryRepository],
})
export class DirectoryModule {}
