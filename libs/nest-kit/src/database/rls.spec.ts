import { describe, expect, it } from '@jest/globals';
import { tenantRlsStatements } from './rls.js';

describe('tenantRlsStatements', () => {
  it('enables and forces RLS with a policy on the transaction tenant, for reads and writes', () => {
    const sql = tenantRlsStatements('cases.cases');
    expect(sql[0]).toBe('ALTER TABLE cases.cases ENABLE ROW LEVEL SECURITY');
    expect(sql[1]).toBe('ALTER TABLE cases.cases FORCE ROW LEVEL SECURITY');
    expect(sql[2]).toContain("USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)");
    expect(sql[2]).toContain("WITH CHECK (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid)");
  });

  it('refuses anything but a plain table name', () => {
    expect(() => tenantRlsStatements('cases; DROP TABLE x')).toThrow(/not a plain table name/);
    expect(() => tenantRlsStatements('"Cases"')).toThrow();
  });
});
