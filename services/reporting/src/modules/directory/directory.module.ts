import { Module } from '@nestjs/common';
import { CentresRepository } from './centres.repository.js';
import { DirectoryRepository } from './directory.repository.js';

/**
 * The read models of auth's users and of the company's groups and centres in reporting (the worker reads them; the
 * API process also keeps them).
 */
@Module({ providers: [DirectoryRepository, CentresRepository], exports: [DirectoryRepository, CentresRepository] })
export class DirectoryModule {}
