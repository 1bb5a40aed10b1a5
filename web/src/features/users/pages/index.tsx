import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { EditLink } from '../../../shared/ui/EditLink';
import {
  ALL_ROLE_CODES,
  CONSOLE_ROUTES,
  GENERIC,
  normalizeRoleCode,
  ROLE_LABELS,
  routeTo,
  type User,
} from '@rayworks/contracts';
import { IconLockOpen } from '@tabler/icons-react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { UserForm } from '../components/UserForm';
import { fetchUsersPage, USERS, useUser } from '../../../shared/directory/useUsers';
import { userStatus, useSaveUser, useUnblockUser } from '../hooks/useUserActions';
import { queryKeys } from '../../../api/queries';

const roleCodeLabel = (codes: string[]) => {
  const code = codes.map(normalizeRoleCode).find(Boolean);
  return code ? ROLE_LABELS[code] : null;
};

function userColumns(canToggle: boolean): Column<User>[] {
  return [
    {
      key: 'name',
      label: 'User',
      sortKey: 'name',
      render: (u) => (
        <div>
          <Text size="sm" fw={500}>
            {u.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {u.loginName}
          </Text>
        </div>
      ),
    },
    {
      key: 'role',
      label: 'Role',
      sortKey: 'roleName',
      render: (u) => (
        <div>
          <Text size="sm">{u.roleName}</Text>
          {roleCodeLabel(u.roleCodes) && roleCodeLabel(u.roleCodes) !== u.roleName ? (
            <Text size="xs" c="dimmed">
              {roleCodeLabel(u.roleCodes)}
            </Text>
          ) : null}
        </div>
      ),
    },
    { key: 'email', label: 'Email', sortKey: 'email', render: (u) => u.email },
    { key: 'phone', label: 'Phone', render: (u) => u.phoneNumber ?? '—' },
    {
      key: 'where',
      label: 'Group / Centers',
      render: (u) => [u.groupName, u.centerNames.join(', ')].filter(Boolean).join(' · ') || 'Company',
    },
    {
      key: 'lastLogin',
      label: 'Last login',
      sortKey: 'lastLoginAt',
      render: (u) => (u.lastLoginAt ? formatDisplayDateTime(u.lastLoginAt) : 'Never'),
    },
    {
      key: 'status',
      label: 'Active',
      render: (u) => (
        <Group gap={6} wrap="nowrap">
          <UserActiveToggle user={u} allowed={canToggle} />
          {u.isBlocked ? (
            <Badge color="red" variant="light" size="sm">
              Blocked
            </Badge>
          ) : null}
        </Group>
      ),
    },
  ];
}

function UserActiveToggle({ user, allowed, withLabel = false }: { user: User; allowed: boolean; withLabel?: boolean }) {
  return (
    <ActiveToggle
      entity="User"
      name={user.fullName}
      active={user.isActive}
      allowed={allowed}
      {...userStatus(user._id)}
      testId={`user-active-toggle-${user.loginName}`}
      withLabel={withLabel}
    />
  );
}

const ROLE_FILTER = ALL_ROLE_CODES.map((code) => ({ value: code, label: ROLE_LABELS[code] }));

/** /users: search, filter by role, sort and page on the server; activate or inactivate in place. */
export function UsersPage() {
  const navigate = useNavigate();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const roleCode = params.get('role') ?? undefined;
  return (
    <>
      <PageHeader
        title="Users"
        description="People who log in to the console, with their role and where they work."
        actions={
          <AddLink to={CONSOLE_ROUTES.usersAdd} allowed={can('USER', GENERIC.CREATE)} testId="users-add">
            Add User
          </AddLink>
        }
      />
      <ServerTable
        id="users"
        queryKey={[...queryKeys.list(USERS), roleCode ?? 'all-roles']}
        fetchPage={fetchUsersPage(roleCode ? { roleCode } : {})}
        columns={userColumns(can('USER', GENERIC.ISACTIVE))}
        rowKey={(u) => u._id}
        searchPlaceholder="Search by name, login name or e-mail"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(u) => navigate(routeTo(CONSOLE_ROUTES.usersView, { id: u._id }))}
        toolbar={
          <Select
            placeholder="All roles"
            data={ROLE_FILTER}
            value={roleCode ?? null}
            clearable
            w={220}
            aria-label="Role filter"
            onChange={(value) => {
              const next = new URLSearchParams(params);
              if (value) next.set('role', value);
              else next.delete('role');
              next.delete('page');
              setParams(next, { replace: true });
            }}
            data-testid="users-role-filter"
          />
        }
      />
    </>
  );
}

/** /users/add */
export function AddUserPage() {
  const save = useSaveUser('create');
  return (
    <>
      <PageHeader title="Add User" crumbs={[{ label: 'Users', to: CONSOLE_ROUTES.users }, { label: 'Add User' }]} />
      <UserForm saving={save.isPending} onSave={(body) => save.mutate(body)} cancelTo={CONSOLE_ROUTES.users} />
    </>
  );
}

/** /users/edit/{id} */
export function EditUserPage() {
  const { id } = useParams();
  const query = useUser(id);
  const save = useSaveUser('update', id);
  return (
    <QueryState query={query}>
      {(user) => (
        <>
          <PageHeader
            title={`Edit ${user.fullName}`}
            crumbs={[
              { label: 'Users', to: CONSOLE_ROUTES.users },
              { label: user.fullName, to: routeTo(CONSOLE_ROUTES.usersView, { id: user._id }) },
              { label: 'Edit' },
            ]}
          />
          <UserForm
            key={user.updatedAt}
            user={user}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            cancelTo={routeTo(CONSOLE_ROUTES.usersView, { id: user._id })}
          />
        </>
      )}
    </QueryState>
  );
}

/** /users/view/{id} */
export function UserViewPage() {
  const { id } = useParams();
  const can = useCan();
  const query = useUser(id);
  const unblock = useUnblockUser();
  return (
    <QueryState query={query}>
      {(user) => (
        <>
          <PageHeader
            title={user.fullName}
            badge={
              <Group gap={6}>
                <StatusBadge active={user.isActive} />
                {user.isBlocked ? (
                  <Badge color="red" variant="light">
                    Blocked
                  </Badge>
                ) : null}
              </Group>
            }
            crumbs={[{ label: 'Users', to: CONSOLE_ROUTES.users }, { label: user.fullName }]}
            actions={
              <>
                <UserActiveToggle user={user} allowed={can('USER', GENERIC.ISACTIVE)} withLabel />
                {user.isBlocked && can('USER', GENERIC.ISUNBLOCK) ? (
                  <Button
                    variant="default"
                    leftSection={<IconLockOpen size={16} />}
                    loading={unblock.isPending}
                    onClick={() => unblock.mutate(user._id)}
                    data-testid="user-unblock"
                  >
                    Unblock
                  </Button>
                ) : null}
                <EditLink
                  allowed={can('USER', GENERIC.EDIT)}
                  to={routeTo(CONSOLE_ROUTES.usersEdit, { id: user._id })}
                  testId="user-edit"
                />
              </>
            }
          />
          <Stack gap="lg">
            <DetailGrid
              details={[
                { label: 'Login Name', value: user.loginName, testId: 'user-login-name' },
                { label: 'Email', value: user.email },
                { label: 'Phone Number', value: user.phoneNumber },
                { label: 'Role', value: user.roleName, testId: 'user-role' },
                { label: 'Role type', value: roleCodeLabel(user.roleCodes) },
                { label: 'Group', value: user.groupName },
                { label: 'Centers', value: user.centerNames.join(', ') },
                { label: 'Availability', value: user.isAvailability ? 'Online' : 'Offline' },
                { label: 'Must set a new password', value: user.resetPassword ? 'Yes' : 'No' },
                { label: 'Last login', value: user.lastLoginAt ? formatDisplayDateTime(user.lastLoginAt) : 'Never' },
                { label: 'Created', value: formatDisplayDateTime(user.createdAt) },
                { label: 'Updated', value: formatDisplayDateTime(user.updatedAt) },
              ]}
            />
          </Stack>
        </>
      )}
    </QueryState>
  );
}
