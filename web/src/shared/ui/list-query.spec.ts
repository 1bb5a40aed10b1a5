import { describe, expect, it } from '@jest/globals';
import { listQuerySchema } from '@rayworks/contracts';
import { listStateFromParams, listStateToParams, rangeLabel, toListQuery } from './list-query';

describe('server-side list state', () => {
  it('reads defaults from an empty address bar', () => {
    expect(listStateFromParams(new URLSearchParams(), { sortBy: 'name' })).toEqual({
      search: '',
      page: 1,
      pageSize: 20,
      sortBy: 'name',
      sortDir: 'asc',
      active: 'all',
    });
  });

  it('round-trips through the address bar, keeping other parameters', () => {
    const state = {
      search: 'apex',
      page: 3,
      pageSize: 50,
      sortBy: 'createdAt',
      sortDir: 'desc' as const,
      active: 'inactive' as const,
    };
    const params = listStateToParams(state, new URLSearchParams('role=TYPIST'));
    expect(params.get('role')).toBe('TYPIST');
    expect(listStateFromParams(params)).toEqual(state);
  });

  it('ignores nonsense in the address bar', () => {
    expect(listStateFromParams(new URLSearchParams('page=-2&size=7&dir=up&active=maybe'))).toMatchObject({
      page: 1,
      pageSize: 20,
      sortDir: 'asc',
      active: 'all',
    });
  });

  it('asks the server for exactly the page, search, sort and status (a valid ListQuery)', () => {
    const query = toListQuery({
      search: '  asha ',
      page: 2,
      pageSize: 10,
      sortBy: 'fullName',
      sortDir: 'desc',
      active: 'active',
    });
    expect(query).toEqual({
      page: 2,
      pageSize: 10,
      search: 'asha',
      sortBy: 'fullName',
      sortDir: 'desc',
      isActive: true,
    });
    expect(listQuerySchema.safeParse(query).success).toBe(true);
    expect(toListQuery({ search: '', page: 1, pageSize: 20, sortDir: 'asc', active: 'all' })).toEqual({
      page: 1,
      pageSize: 20,
      sortDir: 'asc',
    });
  });

  it('describes the range shown', () => {
    expect(rangeLabel(1, 20, 134)).toBe('1–20 of 134');
    expect(rangeLabel(7, 20, 134)).toBe('121–134 of 134');
    expect(rangeLabel(1, 20, 0)).toBe('0 of 0');
  });
});
