import { Alert, Badge, Stack, Text, Title } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, normalizeRoleCode, type Role, ROLE_LABELS, routeTo } from '@rayworks/contracts';
import { useNavigate, useParams } from 'react-router-dom';
import { queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate, formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { grantCount, type Grants } from '../../../shared/directory/privilege-matrix';
import { PrivilegeMatrix } from '../components/PrivilegeMatrix';
import { RoleForm } from '../components/RoleForm';
import { fetchRolesPage, ROLES, useRole } from '../../../shared/directory/useRoles';
import { EditLink } from '../../../shared/ui/EditLink';
import { roleStatus, useSaveRole } from '../hooks/useRoleActions';

const roleTypeLabel = (code: string) => {
  const known = normalizeRoleCode(code);
  return known ? ROLE_LABELS[known] : code;
};

const COLUMNS: Column<Role>[] = [
  {
    key: 'name',
    label: 'Role',
    sortKey: 'name',
    render: (r) => (
      <div>
        <Text size="sm" fw={500}>
          {r.name}
        </Text>
        {r.description ? (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {r.description}
          </Text>
        ) : null}
      </div>
    ),
  },
  { key: 'roleCode', label: 'Role type', sortKey: 'roleCode', render: (r) => roleTypeLabel(r.roleCode) },
  { key: 'privileges', label: 'Privileges', align: 'right', render: (r) => grantCount(r.privileges as Grants) },
  {
    key: 'system',
    label: 'Kind',
    render: (r) =>
      r.isSystem ? (
        <Badge variant="light" color="gray">
          System
        </Badge>
      ) : (
        <Badge variant="light">Custom</Badge>
      ),
  },
  { key: 'status', label: 'Status', render: (r) => <StatusBadge active={r.isActive} /> },
  { key: 'createdAt', label: 'Created', sortKey: 'createdAt', render: (r) => formatDisplayDate(r.createdAt) },
];

/** /roles */
export function RolesPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Roles"
        description="Named sets of privileges given to users."
        actions={
          <AddLink to={CONSOLE_ROUTES.rolesAdd} allowed={can('ROLES', GENERIC.CREATE)} testId="roles-add">
            Add Role
          </AddLink>
        }
      />
      <ServerTable
        id="roles"
        queryKey={queryKeys.list(ROLES)}
        fetchPage={fetchRolesPage}
        columns={COLUMNS}
        rowKey={(r) => r._id}
        searchPlaceholder="Search roles"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(r) => navigate(routeTo(CONSOLE_ROUTES.rolesView, { id: r._id }))}
      />
    </>
  );
}

/** /roles/add */
export function AddRolePage() {
  const save = useSaveRole('create');
  return (
    <>
      <PageHeader title="Add Role" crumbs={[{ label: 'Roles', to: CONSOLE_ROUTES.roles }, { label: 'Add Role' }]} />
      <RoleForm saving={save.isPending} onSave={(body) => save.mutate(body)} cancelTo={CONSOLE_ROUTES.roles} />
    </>
  );
}

/** /roles/edit/{id} */
export function EditRolePage() {
  const { id } = useParams();
  const query = useRole(id);
  const save = useSaveRole('update', id);
  return (
    <QueryState query={query}>
      {(role) => (
        <>
          <PageHeader
            title={`Edit ${role.name}`}
            crumbs={[
              { label: 'Roles', to: CONSOLE_ROUTES.roles },
              { label: role.name, to: routeTo(CONSOLE_ROUTES.rolesView, { id: role._id }) },
              { label: 'Edit' },
            ]}
          />
          {role.isSystem ? (
            <Alert variant="light" color="yellow" mb="md">
              This is a system role. Changes apply to every user who holds it.
            </Alert>
          ) : null}
          <RoleForm
            key={role.updatedAt}
            role={role}
            saving={save.isPending}
            onSave={(body) => save.mutate(body)}
            cancelTo={routeTo(CONSOLE_ROUTES.rolesView, { id: role._id })}
          />
        </>
      )}
    </QueryState>
  );
}

/** /roles/view/{id} */
export function RoleViewPage() {
  const { id } = useParams();
  const can = useCan();
  const query = useRole(id);
  return (
    <QueryState query={query}>
      {(role) => (
        <>
          <PageHeader
            title={role.name}
            badge={<StatusBadge active={role.isActive} />}
            crumbs={[{ label: 'Roles', to: CONSOLE_ROUTES.roles }, { label: role.name }]}
            actions={
              <>
                <ActiveToggle
                  entity="Role"
                  name={role.name}
                  active={role.isActive}
                  allowed={can('ROLES', GENERIC.ISACTIVE)}
                  {...roleStatus(role._id)}
                  testId="role-active-toggle"
                  withLabel
                />
                <EditLink
                  allowed={can('ROLES', GENERIC.EDIT)}
                  to={routeTo(CONSOLE_ROUTES.rolesEdit, { id: role._id })}
                  testId="role-edit"
                />
              </>
            }
          />
          <Stack gap="lg">
            <DetailGrid
              details={[
                {
                  label: 'Role type',
                  value: `${roleTypeLabel(role.roleCode)} (${role.roleCode})`,
                  testId: 'role-code',
                },
                { label: 'Kind', value: role.isSystem ? 'System' : 'Custom' },
                { label: 'Privileges', value: grantCount(role.privileges as Grants) },
                { label: 'Description', value: role.description },
                { label: 'Created', value: formatDisplayDateTime(role.createdAt) },
                { label: 'Updated', value: formatDisplayDateTime(role.updatedAt) },
              ]}
            />
            <Title order={2} fz="md">
              Privileges
            </Title>
            <PrivilegeMatrix value={role.privileges as Grants} readOnly />
          </Stack>
        </>
      )}
    </QueryState>
  );
}
