import { describe, expect, it } from '@jest/globals';
import { containsPattern, isUniqueViolation, numericColumn, QueryParams } from './typed-query.js';

describe('QueryParams', () => {
  it('names each value once and keeps values out of the SQL text', () => {
    const p = new QueryParams('s');
    const a = p.add("x'; DROP TABLE users; --");
    const b = p.add(['1', '2']);
    expect([a, b]).toEqual([':s0', ':s1']);
    expect(p.values).toEqual({ s0: "x'; DROP TABLE users; --", s1: ['1', '2'] });
  });

  it('refuses a prefix that could break the SQL', () => {
    expect(() => new QueryParams('p; --')).toThrow(/bad parameter prefix/);
  });
});

describe('typed query helpers', () => {
  it('escapes ILIKE wildcards of the searched text', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('recognises a unique violation from pg or from TypeORM, optionally of one constraint', () => {
    expect(isUniqueViolation({ code: '23505', constraint: 'centres_tenant_id_code_key' })).toBe(true);
    expect(isUniqueViolation({ driverError: { code: '23505', constraint: 'roles_name' } }, 'roles_name')).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'other' }, 'roles_name')).toBe(false);
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });

  it('reads numeric columns as numbers', () => {
    expect(numericColumn.from('12.50')).toBe(12.5);
    expect(numericColumn.from(null)).toBeNull();
  });
});
