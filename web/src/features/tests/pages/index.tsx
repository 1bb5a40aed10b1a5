import { Badge, Stack, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, routeTo, SPECIFIC, type BillableTest } from '@rayworks/contracts';
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
import { LabDefinitionForm } from '../components/LabDefinitionForm';
import { LabDefinitionPanel } from '../components/LabDefinitionPanel';
import { TestForm } from '../components/TestForm';
import { ordersLabel, TEST_KIND_LABELS } from '../hooks/test-form';
import { useLabTest } from '../hooks/useLabTests';
import { billingKeys, fetchTestsPage, TESTS, testPath, testStatus, useSaveTest, useTest } from '../hooks/useTests';

export { MeasurementsPage, MeasurementsUploadPage, TestsUploadPage } from './lab';

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
          <>
            <AddLink
              to={CONSOLE_ROUTES.testsUpload}
              allowed={can('TESTS', SPECIFIC.UPLOAD)}
              variant="default"
              testId="tests-upload"
            >
              Upload Tests
            </AddLink>
            <AddLink to={CONSOLE_ROUTES.testsAdd} allowed={can('TESTS', GENERIC.CREATE)} testId="tests-add">
              Add Test
            </AddLink>
          </>
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
      {test.kind === 'LAB' ? <EditLabDefinition test={test} /> : null}
    </>
  );
}

/** A LAB test's laboratory definition, edited below billing's fields and saved to the lims service. */
function EditLabDefinition({ test }: { test: BillableTest }) {
  const lab = useLabTest(test.code, true);
  return (
    <Stack gap="sm" mt="xl">
      <Text fw={600} size="lg" component="h2" m={0}>
        Laboratory definition
      </Text>
      <QueryState query={lab}>
        {(definition) => <LabDefinitionForm key={definition?.version?._id ?? 'new'} test={test} lab={definition} />}
      </QueryState>
    </Stack>
  );
}

/** A LAB test's laboratory definition on its view screen, or where to define it. */
function LabDefinitionView({ test }: { test: BillableTest }) {
  const lab = useLabTest(test.code, true);
  return (
    <QueryState query={lab}>
      {(definition) =>
        definition ? (
          <LabDefinitionPanel lab={definition} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="lab-undefined">
            The laboratory has not defined this test yet: its parameters and ranges are set on the edit screen.
          </Text>
        )
      }
    </QueryState>
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
          {test.kind === 'LAB' ? (
            <Stack gap="md" mt="md">
              <LabDefinitionView test={test} />
            </Stack>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
