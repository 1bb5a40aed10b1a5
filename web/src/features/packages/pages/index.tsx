import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, routeTo, type TestPackage } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { AddLink } from '../../../shared/ui/AddLink';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { EditLink } from '../../../shared/ui/EditLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { PackageForm } from '../components/PackageForm';
import { testDetail, testsSummary } from '../hooks/package-form';
import {
  billingKeys,
  fetchPackagesPage,
  PACKAGES,
  packagePath,
  packageStatus,
  usePackage,
  useSavePackage,
} from '../hooks/usePackages';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const COLUMNS: Column<TestPackage>[] = [
  {
    key: 'name',
    label: 'Package',
    sortKey: 'name',
    render: (p) => (
      <div>
        <Text size="sm" fw={500}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {p.code}
        </Text>
      </div>
    ),
  },
  {
    key: 'tests',
    label: 'Tests',
    render: (p) => (
      <Text size="sm">
        <Text span fw={600}>
          {p.tests.length}
        </Text>{' '}
        <Text span c="dimmed" size="sm">
          {testsSummary(p.tests)}
        </Text>
      </Text>
    ),
  },
  { key: 'taxable', label: 'GST', render: (p) => (p.taxable ? 'Taxable' : 'Exempt') },
  { key: 'status', label: 'Status', render: (p) => <StatusBadge active={p.isActive} /> },
];

/** /packages */
export function PackagesPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Packages"
        description="Tests bundled at one price; a registered package orders each of its tests."
        actions={
          <AddLink to={CONSOLE_ROUTES.packagesAdd} allowed={can('PACKAGES', GENERIC.CREATE)} testId="packages-add">
            Add Package
          </AddLink>
        }
      />
      <ServerTable
        id="packages"
        queryKey={billingKeys.list(PACKAGES)}
        fetchPage={fetchPackagesPage}
        columns={COLUMNS}
        rowKey={(p) => p._id}
        searchPlaceholder="Search by code or name"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        activeFilter
        onRowClick={(p) => navigate(packagePath(p))}
        emptyText="No packages yet."
      />
    </>
  );
}

/** /packages/add */
export function AddPackagePage() {
  const save = useSavePackage();
  return (
    <>
      <PageHeader
        title="Add Package"
        crumbs={[{ label: 'Packages', to: CONSOLE_ROUTES.packages }, { label: 'Add Package' }]}
      />
      <PackageForm saving={save.isPending} onSave={(body) => save.mutate(body)} cancelTo={CONSOLE_ROUTES.packages} />
    </>
  );
}

/** /packages/edit/{id} */
export function EditPackagePage() {
  const query = usePackage();
  return <QueryState query={query}>{(pkg) => <EditPackage pkg={pkg} />}</QueryState>;
}

function EditPackage({ pkg }: { pkg: TestPackage }) {
  const save = useSavePackage(pkg);
  return (
    <>
      <PageHeader
        title={`Edit ${pkg.name}`}
        crumbs={[
          { label: 'Packages', to: CONSOLE_ROUTES.packages },
          { label: pkg.name, to: packagePath(pkg) },
          { label: 'Edit' },
        ]}
      />
      <PackageForm
        key={pkg.updatedAt}
        pkg={pkg}
        saving={save.isPending}
        onSave={(body) => save.mutate(body)}
        cancelTo={packagePath(pkg)}
      />
    </>
  );
}

/** /packages/view/{id} */
export function PackageViewPage() {
  const can = useCan();
  const query = usePackage();
  return (
    <QueryState query={query}>
      {(pkg) => (
        <>
          <PageHeader
            title={pkg.name}
            badge={<StatusBadge active={pkg.isActive} />}
            crumbs={[{ label: 'Packages', to: CONSOLE_ROUTES.packages }, { label: pkg.name }]}
            actions={
              <>
                <ActiveToggle
                  entity="Package"
                  name={pkg.name}
                  active={pkg.isActive}
                  allowed={can('PACKAGES', GENERIC.ISACTIVE)}
                  {...packageStatus(pkg._id)}
                  testId="package-active-toggle"
                  withLabel
                />
                <EditLink
                  allowed={can('PACKAGES', GENERIC.EDIT)}
                  to={routeTo(CONSOLE_ROUTES.packagesEdit, { id: pkg._id })}
                  testId="package-edit"
                />
              </>
            }
          />
          <DetailGrid
            details={[
              { label: 'Package Code', value: pkg.code, testId: 'package-code' },
              { label: 'GST', value: pkg.taxable ? 'Taxable' : 'Exempt' },
              { label: 'Tests', value: pkg.tests.length },
              { label: 'Created', value: formatDisplayDateTime(pkg.createdAt) },
              { label: 'Updated', value: formatDisplayDateTime(pkg.updatedAt) },
            ]}
          />
          <Paper withBorder radius="md" p="lg" mt="md">
            <Title order={2} fz="md" mb="sm">
              Tests
            </Title>
            <TableScrollRegion label="Tests of the package" minWidth={480}>
              <Table fz="sm" verticalSpacing={6} data-testid="package-tests">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Test</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Orders</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {pkg.tests.map((t) => (
                    <Table.Tr key={t._id}>
                      <Table.Td ff="monospace">{t.code}</Table.Td>
                      <Table.Td>{t.name}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" radius="sm" color={t.kind === 'RADIOLOGY' ? 'blue' : 'grape'}>
                          {t.kind === 'RADIOLOGY' ? 'Radiology' : 'Lab'}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{testDetail(t)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          </Paper>
        </>
      )}
    </QueryState>
  );
}
