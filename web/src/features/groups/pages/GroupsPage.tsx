import { Badge, Button, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, type Group, routeTo } from '@rayworks/contracts';
import { IconLink } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate } from '../../../shared/format';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { fetchGroupsPage, GROUPS } from '../../../shared/directory/useGroups';

const COLUMNS: Column<Group>[] = [
  {
    key: 'name',
    label: 'Group',
    sortKey: 'name',
    render: (g) => (
      <div>
        <Text size="sm" fw={500}>
          {g.name}
        </Text>
        <Text size="xs" c="dimmed">
          {g.code}
        </Text>
      </div>
    ),
  },
  {
    key: 'type',
    label: 'Type',
    render: (g) =>
      g.isFusion ? (
        <Badge variant="light" color="violet">
          Fusion
        </Badge>
      ) : (
        <Badge variant="light" color="gray">
          Standard
        </Badge>
      ),
  },
  { key: 'city', label: 'City', sortKey: 'city', render: (g) => [g.city, g.state].filter(Boolean).join(', ') || '—' },
  { key: 'contact', label: 'Contact', render: (g) => g.email ?? g.phoneNumber ?? '—' },
  { key: 'centerCount', label: 'Centers', align: 'right', render: (g) => g.centerCount },
  { key: 'status', label: 'Status', render: (g) => <StatusBadge active={g.isActive} /> },
  { key: 'createdAt', label: 'Created', sortKey: 'createdAt', render: (g) => formatDisplayDate(g.createdAt) },
];

/** /groups: the groups the user may see, searched, sorted and paged on the server. */
export function GroupsPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Groups"
        description="Groups of centres that share users, rate cards and reporting."
        actions={
          <>
            {can('GROUP', GENERIC.MAP_UNMAP) ? (
              <Button
                component={Link}
                to={CONSOLE_ROUTES.addcenterGroups}
                variant="default"
                leftSection={<IconLink size={16} />}
                data-testid="groups-add-center"
              >
                Add Center to Group
              </Button>
            ) : null}
            <AddLink to={CONSOLE_ROUTES.addGroups} allowed={can('GROUP', GENERIC.CREATE)} testId="groups-add">
              Add Group
            </AddLink>
          </>
        }
      />
      <ServerTable
        id="groups"
        queryKey={queryKeys.list(GROUPS)}
        fetchPage={fetchGroupsPage}
        columns={COLUMNS}
        rowKey={(g) => g._id}
        searchPlaceholder="Search groups by name or code"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(g) => navigate(routeTo(CONSOLE_ROUTES.groupsView, { id: g._id }))}
        emptyText="No groups yet."
      />
    </>
  );
}
