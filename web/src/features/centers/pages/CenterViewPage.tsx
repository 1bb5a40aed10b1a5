import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { AUTH_API, CONSOLE_ROUTES, GENERIC, routeTo, type User } from '@rayworks/contracts';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { pageFetcher, queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { useCentre } from '../../../shared/directory/useCenters';
import { centreStatus } from '../hooks/useCentreActions';

const USER_COLUMNS: Column<User>[] = [
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
  { key: 'role', label: 'Role', render: (u) => u.roleName },
  { key: 'email', label: 'Email', render: (u) => u.email },
  { key: 'status', label: 'Status', render: (u) => <StatusBadge active={u.isActive} /> },
];

/** /centers/view/{id}: a centre, its details and its users. */
export function CenterViewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const query = useCentre(id);
  return (
    <QueryState query={query}>
      {(centre) => (
        <>
          <PageHeader
            title={centre.name}
            badge={<StatusBadge active={centre.isActive} />}
            crumbs={[{ label: 'Centers', to: CONSOLE_ROUTES.centers }, { label: centre.name }]}
            actions={
              <ActiveToggle
                entity="Center"
                name={centre.name}
                active={centre.isActive}
                allowed={can('CENTERS', GENERIC.ISACTIVE)}
                {...centreStatus(centre._id)}
                testId="center-active-toggle"
                withLabel
              />
            }
          />
          <Stack gap="lg">
            <DetailGrid
              details={[
                { label: 'Code', value: centre.code, testId: 'center-code' },
                {
                  label: 'Group',
                  value:
                    centre.groupID && centre.groupName ? (
                      can('GROUP', GENERIC.VIEW) ? (
                        <Anchor
                          component={Link}
                          to={routeTo(CONSOLE_ROUTES.groupsView, { id: centre.groupID })}
                          size="sm"
                        >
                          {centre.groupName}
                        </Anchor>
                      ) : (
                        centre.groupName
                      )
                    ) : (
                      <Badge variant="light" color="gray">
                        Individual
                      </Badge>
                    ),
                  testId: 'center-group',
                },
                { label: 'Type', value: centre.isFusion ? 'Fusion' : 'Diagnostic' },
                { label: 'Email', value: centre.email },
                { label: 'Phone Number', value: centre.phoneNumber },
                { label: 'Address', value: centre.address },
                { label: 'City', value: [centre.city, centre.state].filter(Boolean).join(', ') },
                { label: 'PIN Code', value: centre.pinCode },
                { label: 'Created', value: formatDisplayDateTime(centre.createdAt) },
              ]}
            />
            {can('USER', GENERIC.VIEW) ? (
              <Stack gap="xs">
                <Title order={2} fz="md">
                  Users of this center
                </Title>
                <ServerTable
                  id="center-users"
                  queryKey={[...queryKeys.list('users'), 'center', centre._id]}
                  fetchPage={pageFetcher<User>(AUTH_API.findUsers, { centerID: centre._id })}
                  columns={USER_COLUMNS}
                  rowKey={(u) => u._id}
                  searchPlaceholder="Search users"
                  defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
                  onRowClick={(u) => navigate(routeTo(CONSOLE_ROUTES.usersView, { id: u._id }))}
                  emptyText="No users at this center yet."
                />
              </Stack>
            ) : null}
          </Stack>
        </>
      )}
    </QueryState>
  );
}
