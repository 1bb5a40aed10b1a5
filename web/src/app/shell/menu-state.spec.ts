import { describe, expect, it } from '@jest/globals';
import { buildMenu, DEFAULT_ROLE_PRIVILEGES, ROLE_CODES, toPermissionConfig } from '@rayworks/contracts';
import { activeMenuIds } from './menu-state';

const adminMenu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN]));

describe('the highlighted menu entry', () => {
  it('is the entry whose link is the path or its parent', () => {
    expect([...activeMenuIds(adminMenu, '/groups')]).toEqual(['groups']);
    expect([...activeMenuIds(adminMenu, '/groups/view/42')]).toEqual(['groups']);
  });

  it("is found through the route's submodule when the path is not under the link", () => {
    expect([...activeMenuIds(adminMenu, '/add-groups')]).toEqual(['groups']);
    expect([...activeMenuIds(adminMenu, '/add-centers-individual')]).toEqual(['centers']);
  });

  it('includes the header and the More entry that hold it', () => {
    const ids = activeMenuIds(adminMenu, '/users/edit/7');
    expect(ids.has('users')).toBe(true);
    expect(ids.has('master-config')).toBe(true);
    expect(ids.has('more')).toBe(true);
  });

  it('prefers the exact link when two entries share a submodule type', () => {
    expect([...activeMenuIds(adminMenu, '/outsourcing-lab')]).toContain('outsourcing-lab');
    expect([...activeMenuIds(adminMenu, '/outsourcing-lab')]).not.toContain('lab-management');
  });

  it('highlights nothing for a page outside the menu', () => {
    expect(activeMenuIds(adminMenu, '/profile').size).toBe(0);
  });
});
