import { Module } from '@nestjs/common';
import { DirectoryRepository } from './directory.repository.js';

/** The read model of auth's users in reporting (the worker reads it; the API process also keeps it). */
@Module({ providers: [DirectoryRepository], exports: [DirectoryRepository] })
export class DirectoryModule {}
