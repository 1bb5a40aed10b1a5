import { ActionIcon, Badge, Button, Group, Menu, Text } from '@mantine/core';
import { AUTH_API, GENERIC, type Department } from '@rayworks/contracts';
import { IconDotsVertical, IconPencil, IconPlus, IconSubtask } from '@tabler/icons-react';
import { useState } from 'react';
import { pageFetcher, queryKeys } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { DepartmentModal, SubDepartmentModal } from '../components/DepartmentModals';
import { DEPARTMENTS, departmentStatus } from '../hooks/useDepartments';

const fetchDepartmentsPage = pageFetcher<Department>(AUTH_API.getDepartments);

type Dialog =
  { kind: 'add' } | { kind: 'edit'; department: Department } | { kind: 'sub'; department: Department } | null;

/** /departments: departments with their sub-departments; add, edit, add sub-departments, activate/inactivate. */
export function DepartmentsPage() {
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const canCreate = can('DEPARTMENT', GENERIC.CREATE);
  const canEdit = can('DEPARTMENT', GENERIC.EDIT);

  const columns: Column<Department>[] = [
    {
      key: 'name',
      label: 'Department',
      sortKey: 'name',
      render: (d) => (
        <div>
          <Text size="sm" fw={500}>
            {d.name}
          </Text>
          <Text size="xs" c="dimmed">
            {d.code}
          </Text>
        </div>
      ),
    },
    {
      key: 'subs',
      label: 'Sub-departments',
      render: (d) =>
        d.subDepartments.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={6}>
            {d.subDepartments.map((s) => (
              <Badge
                key={s._id}
                variant="light"
                color={s.isActive ? 'blue' : 'gray'}
                tt="none"
                title={s.subDepartmentCode}
              >
                {s.subDepartmentName}
              </Badge>
            ))}
          </Group>
        ),
    },
    {
      key: 'status',
      label: 'Active',
      render: (d) => (
        <ActiveToggle
          entity="Department"
          name={d.name}
          active={d.isActive}
          allowed={can('DEPARTMENT', GENERIC.ISACTIVE)}
          {...departmentStatus(d._id)}
          testId={`department-active-${d.code}`}
        />
      ),
    },
    {
      key: 'actions',
      label: '',
      width: 56,
      align: 'right',
      render: (d) =>
        canEdit || canCreate ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for ${d.name}`}
                data-testid={`department-actions-${d.code}`}
              >
                <IconDotsVertical size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canEdit ? (
                <Menu.Item
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setDialog({ kind: 'edit', department: d })}
                >
                  Edit
                </Menu.Item>
              ) : null}
              {canCreate ? (
                <Menu.Item
                  leftSection={<IconSubtask size={14} />}
                  onClick={() => setDialog({ kind: 'sub', department: d })}
                >
                  Add Sub-department
                </Menu.Item>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Departments"
        description="Clinical departments and their sub-departments, used by doctors, tests and reports."
        actions={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="departments-add"
            >
              Add Department
            </Button>
          ) : null
        }
      />
      <ServerTable
        id="departments"
        queryKey={queryKeys.list(DEPARTMENTS)}
        fetchPage={fetchDepartmentsPage}
        columns={columns}
        rowKey={(d) => d._id}
        searchPlaceholder="Search departments"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        emptyText="No departments yet."
      />
      {dialog?.kind === 'add' ? <DepartmentModal opened onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <DepartmentModal opened onClose={close} department={dialog.department} /> : null}
      {dialog?.kind === 'sub' ? <SubDepartmentModal opened onClose={close} department={dialog.department} /> : null}
    </>
  );
}
