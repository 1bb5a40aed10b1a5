import type { QueryRunner } from 'typeorm';
import type { ChangeTx } from '../../src/index.js';

/**
 * Collects the statements a unit of work sends from here on: wraps the `query` of its transaction's query runner (a
 * new runner per transaction, released after it), so every statement of the work and of the unit's end is seen.
 */
export function countStatements(tx: ChangeTx, statements: string[]): void {
  const runner = tx.manager.queryRunner!;
  const query = runner.query.bind(runner) as (sql: string, ...rest: unknown[]) => Promise<unknown>;
  runner.query = ((sql: string, ...rest: unknown[]) => {
    statements.push(sql);
    return query(sql, ...rest);
  }) as QueryRunner['query'];
}

/** The statements that wrote outbox rows. */
export const outboxInserts = (statements: readonly string[]): string[] =>
  statements.filter((sql) => /INSERT INTO \S+\.outbox\b/.test(sql));

/** The statements that wrote audit rows. */
export const auditInserts = (statements: readonly string[]): string[] =>
  statements.filter((sql) => /INSERT INTO \S+\.audit_log\b/.test(sql));
