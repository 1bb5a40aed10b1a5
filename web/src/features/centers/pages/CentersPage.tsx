import { Badge, Text } from '@mantine/core';
import { type Centre, CONSOLE_ROUTES, GENERIC, routeTo } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate } from '../../../shared/format';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { CENTERS, fetchCentresPage } from '../../../shared/directory/useCenters';

const COLUMNS: Column<Centre>[] = [
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
  {
    key: 'group',
    label: 'Group',
    sortKey: 'groupName',
    render: (c) =>
      c.groupName ?? (
        <Badge variant="light" color="gray">
          Individual
        </Badge>
      ),
  },
  {
    key: 'type',
    label: 'Type',
    render: (c) =>
      c.isFusion ? (
        <Badge variant="light" color="violet">
          Fusion
        </Badge>
      ) : (
        'Diagnostic'
      ),
  },
  { key: 'city', label: 'City', sortKey: 'city', render: (c) => [c.city, c.state].filter(Boolean).join(', ') || '—' },
  { key: 'phone', label: 'Phone', render: (c) => c.phoneNumber ?? '—' },
  { key: 'status', label: 'Status', render: (c) => <StatusBadge active={c.isActive} /> },
  { key: 'createdAt', label: 'Created', sortKey: 'createdAt', render: (c) => formatDisplayDate(c.createdAt) },
];

/** /centers: the centres the user may see. */
export function CentersPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Centers"
        description="Diagnostic centres, in a group or on their own."
        actions={
          can('CENTERS', GENERIC.CREATE) ? (
            <>
              <AddLink to={CONSOLE_ROUTES.addCentersGroup} allowed variant="default" testId="centers-add-group">
                Add Center to a Group
              </AddLink>
              <AddLink to={CONSOLE_ROUTES.addCentersIndividual} allowed testId="centers-add-individual">
                Add Individual Center
              </AddLink>
            </>
          ) : null
        }
      />
      <ServerTable
        id="centers"
        queryKey={queryKeys.list(CENTERS)}
        fetchPage={fetchCentresPage}
        columns={COLUMNS}
        rowKey={(c) => c._id}
        searchPlaceholder="Search centers by name or code"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(c) => navigate(routeTo(CONSOLE_ROUTES.centersView, { id: c._id }))}
        emptyText="No centers yet."
      />
    </>
  );
}
