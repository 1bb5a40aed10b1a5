import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { type Centre, CONSOLE_ROUTES, GENERIC, routeTo } from '@rayworks/contracts';
import { IconLink } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { CENTERS, fetchCentresOfGroup } from '../../../shared/directory/useCenters';
import { useGroup } from '../../../shared/directory/useGroups';
import { groupStatus } from '../hooks/useGroupActions';

const CENTRE_COLUMNS: Column<Centre>[] = [
  {
    key: 'name',
    label: 'Center',
    sortKey: 'name',
    render: (c) => (
      <div>
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
        <Text size="xs" c="dimmed">
          {c.code}
        </Text>
      </div>
    ),
  },
  { key: 'city', label: 'City', sortKey: 'city', render: (c) => [c.city, c.state].filter(Boolean).join(', ') || '—' },
  { key: 'email', label: 'Email', render: (c) => c.email ?? '—' },
  { key: 'status', label: 'Status', render: (c) => <StatusBadge active={c.isActive} /> },
];

/** /groups/view/{id}: a group, its details and its centres. */
export function GroupViewPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const query = useGroup(id);
  return (
    <QueryState query={query}>
      {(group) => (
        <>
          <PageHeader
            title={group.name}
            badge={<StatusBadge active={group.isActive} />}
            crumbs={[{ label: 'Groups', to: CONSOLE_ROUTES.groups }, { label: group.name }]}
            actions={
              <>
                <ActiveToggle
                  entity="Group"
                  name={group.name}
                  active={group.isActive}
                  allowed={can('GROUP', GENERIC.ISACTIVE)}
                  {...groupStatus(group._id)}
                  testId="group-active-toggle"
                  withLabel
                />
                {can('GROUP', GENERIC.MAP_UNMAP) ? (
                  <Button
                    component={Link}
                    to={`${CONSOLE_ROUTES.addcenterGroups}?groupID=${group._id}`}
                    variant="default"
                    leftSection={<IconLink size={16} />}
                  >
                    Add Center to Group
                  </Button>
                ) : null}
                {can('CENTERS', GENERIC.CREATE) ? (
                  <AddLink to={`${CONSOLE_ROUTES.addCentersGroup}?groupID=${group._id}`} allowed>
                    New Center
                  </AddLink>
                ) : null}
              </>
            }
          />
          <Stack gap="lg">
            <DetailGrid
              details={[
                { label: 'Code', value: group.code, testId: 'group-code' },
                {
                  label: 'Type',
                  value: group.isFusion ? (
                    <Badge variant="light" color="violet">
                      Fusion
                    </Badge>
                  ) : (
                    'Standard'
                  ),
                },
                { label: 'Centers', value: group.centerCount },
                { label: 'Email', value: group.email },
                { label: 'Phone Number', value: group.phoneNumber },
                { label: 'City', value: [group.city, group.state].filter(Boolean).join(', ') },
                { label: 'Created', value: formatDisplayDateTime(group.createdAt) },
                { label: 'Updated', value: formatDisplayDateTime(group.updatedAt) },
              ]}
            />
            <Stack gap="xs">
              <Title order={2} fz="md">
                Centers in this group
              </Title>
              <ServerTable
                id="group-centers"
                queryKey={[...queryKeys.list(CENTERS), 'group', group._id]}
                fetchPage={fetchCentresOfGroup(group._id)}
                columns={CENTRE_COLUMNS}
                rowKey={(c) => c._id}
                searchPlaceholder="Search centers"
                defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
                onRowClick={
                  can('CENTERS', GENERIC.VIEW)
                    ? (c) => navigate(routeTo(CONSOLE_ROUTES.centersView, { id: c._id }))
                    : undefined
                }
                emptyText="No centers in this group yet."
              />
            </Stack>
          </Stack>
        </>
      )}
    </QueryState>
  );
}
