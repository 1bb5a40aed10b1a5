import { Badge, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, routeTo, type BillableTest } from '@rayworks/contracts';
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
import { TestForm } from '../components/TestForm';
import { ordersLabel, TEST_KIND_LABELS } from '../hooks/test-form';
import { billingKeys, fetchTestsPage, TESTS, testPath, testStatus, useSaveTest, useTest } from '../hooks/useTests';

const KindBadge = ({ test }: { test: Pick<BillableTest, 'kind'> }) => (
  <Badge variant="light" radius="sm" tt="none" color={test.kind === 'RADIOLOGY' ? 'blue' : 'grape'}>
    {TEST_KIND_LABELS[test.kind]}
  </Badge>
);

const COLUMNS: Column<BillableTest>[] = [
  {
    key: 'name',
    label: 'Test',
    sortKey: 'name',
    render: (t) => (
      <div>
        <Text size="sm" fw={500}>
          {t.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {t.code}
        </Text>
      </div>
    ),
  },
  { key: 'kind', label: 'Type', sortKey: 'kind', render: (t) => <KindBadge test={t} /> },
  { key: 'orders', label: 'Modality / Sample', render: ordersLabel },
  { key: 'taxable', label: 'GST', render: (t) => (t.taxable ? 'Taxable' : 'Exempt') },
  { key: 'status', label: 'Status', render: (t) => <StatusBadge active={t.isActive} /> },
];

/** /tests: the billable test catalogue the desk orders from and rate cards price. */
export function TestsPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Tests"
        description="Radiology studies and lab tests the desk orders by code."
        actions={
          <AddLink to={CONSOLE_ROUTES.testsAdd} allowed={can('TESTS', GENERIC.CREATE)} testId="tests-add">
            Add Test
          </AddLink>
        }
      />
      <ServerTable
        id="tests"
        queryKey={billingKeys.list(TESTS)}
        fetchPage={fetchTestsPage}
        columns={COLUMNS}
        rowKey={(t) => t._id}
        searchPlaceholder="Search by code or name"
        defaultSort={{ sortBy: 'code', sortDir: 'asc' }}
        activeFilter
        onRowClick={(t) => navigate(testPath(t))}
        emptyText="No tests yet."
      />
    </>
  );
}

/** /tests/add */
export function AddTestPage() {
  const save = useSaveTest();
  return (
    <>
      <PageHeader title="Add Test" crumbs={[{ label: 'Tests', to: CONSOLE_ROUTES.tests }, { label: 'Add Test' }]} />
      <TestForm
        saving={save.isPending}
        failure={null}
        onSave={(body) => save.mutate(body)}
        cancelTo={CONSOLE_ROUTES.tests}
      />
    </>
  );
}

/** /tests/edit/{id} */
export function EditTestPage() {
  const query = useTest();
  return <QueryState query={query}>{(test) => <EditTest test={test} />}</QueryState>;
}

function EditTest({ test }: { test: BillableTest }) {
  const save = useSaveTest(test);
  return (
    <>
      <PageHeader
        title={`Edit ${test.name}`}
        crumbs={[
          { label: 'Tests', to: CONSOLE_ROUTES.tests },
          { label: test.name, to: testPath(test) },
          { label: 'Edit' },
        ]}
      />
      <TestForm
        key={test.updatedAt}
        test={test}
        saving={save.isPending}
        failure={save.isError ? save.error : null}
        onSave={(body) => save.mutate(body)}
        cancelTo={testPath(test)}
      />
    </>
  );
}

/** /tests/view/{id} */
export function TestViewPage() {
  const can = useCan();
  const query = useTest();
  return (
    <QueryState query={query}>
      {(test) => (
        <>
          <PageHeader
            title={test.name}
            badge={<StatusBadge active={test.isActive} />}
            crumbs={[{ label: 'Tests', to: CONSOLE_ROUTES.tests }, { label: test.name }]}
            actions={
              <>
                <ActiveToggle
                  entity="Test"
                  name={test.name}
                  active={test.isActive}
                  allowed={can('TESTS', GENERIC.ISACTIVE)}
                  {...testStatus(test._id)}
                  testId="test-active-toggle"
                  withLabel
                />
                <EditLink
                  allowed={can('TESTS', GENERIC.EDIT)}
                  to={routeTo(CONSOLE_ROUTES.testsEdit, { id: test._id })}
                  testId="test-edit"
                />
              </>
            }
          />
          <DetailGrid
            details={[
              { label: 'Test Code', value: test.code, testId: 'test-code' },
              { label: 'Test Type', value: <KindBadge test={test} /> },
              test.kind === 'RADIOLOGY'
                ? { label: 'Modality', value: test.modality, testId: 'test-modality' }
                : { label: 'Sample Type', value: test.sampleType, testId: 'test-sample' },
              ...(test.kind === 'RADIOLOGY' ? [{ label: 'Body Part', value: test.bodyPart }] : []),
              { label: 'GST', value: test.taxable ? 'Taxable' : 'Exempt' },
              { label: 'Created', value: formatDisplayDateTime(test.createdAt) },
              { label: 'Updated', value: formatDisplayDateTime(test.updatedAt) },
            ]}
          />
        </>
      )}
    </QueryState>
  );
}
