import { Alert, Button, FileInput, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import {
  CONSOLE_ROUTES,
  LAB_TEST_MESSAGES,
  LAB_UPLOAD_COLUMNS,
  LAB_UPLOAD_MAX_BYTES,
  LAB_UPLOAD_MAX_ROWS,
  LAB_UPLOAD_REQUIRED_COLUMNS,
  SPECIFIC,
  formatBytes,
  unitOf,
  uploadTemplateCsv,
  type LabUploadKind,
  type Measurement,
} from '@rayworks/contracts';
import { useState } from 'react';
import { ApiCallError } from '../../../api/client';
import { useCan } from '../../../shared/hooks/useCan';
import { AddLink } from '../../../shared/ui/AddLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { optionsText, rangesText } from '../hooks/lab-definition';
import { fetchMeasurementsPage, formatOf, limsKeys, MEASUREMENTS, useLabUpload } from '../hooks/useLabTests';

const UPLOADS: Record<
  LabUploadKind,
  { title: string; what: string; route: string; back: { label: string; to: string } }
> = {
  tests: {
    title: 'Upload Tests',
    what: 'One row a test: its laboratory definition, keyed by the billing code. New codes are defined, known ones changed.',
    route: CONSOLE_ROUTES.testsUpload,
    back: { label: 'Tests', to: CONSOLE_ROUTES.tests },
  },
  measurements: {
    title: 'Upload Measurements',
    what: 'One row a reference range (or a parameter without ranges). The rows of a test are its whole parameter list: its next version.',
    route: CONSOLE_ROUTES.measurementsUpload,
    back: { label: 'Measurements', to: CONSOLE_ROUTES.measurements },
  },
};

/** The 400's rows, one a line ('row 3: container: …'), from 'Unable Update Test Details: row 3: …; row 5: …'. */
export function rowErrors(message: string): string[] {
  const prefix = `${LAB_TEST_MESSAGES.updateFailed}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length).split('; ') : [message];
}

function downloadTemplate(kind: LabUploadKind): void {
  const url = URL.createObjectURL(new Blob([uploadTemplateCsv(kind)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-template.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function LabUploadPage({ kind }: { kind: LabUploadKind }) {
  const page = UPLOADS[kind];
  const upload = useLabUpload(kind);
  const [file, setFile] = useState<File | null>(null);
  const format = file ? formatOf(file) : null;
  const tooLarge = file !== null && file.size > LAB_UPLOAD_MAX_BYTES;
  const failure =
    upload.error instanceof ApiCallError ? upload.error.message : upload.error ? String(upload.error) : null;
  return (
    <>
      <PageHeader title={page.title} crumbs={[page.back, { label: page.title }]} description={page.what} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Text size="sm">
            A CSV or XLSX file of at most {formatBytes(LAB_UPLOAD_MAX_BYTES)} and {LAB_UPLOAD_MAX_ROWS} rows under its
            header. The whole file is imported or, when a row is wrong, nothing is: each wrong row is listed by its
            number (the header is row 1).
          </Text>
          <Text size="sm">
            Columns (any order; required ones in bold):{' '}
            {LAB_UPLOAD_COLUMNS[kind].map((c, i) => (
              <span key={c}>
                {i > 0 ? ', ' : ''}
                {(LAB_UPLOAD_REQUIRED_COLUMNS[kind] as readonly string[]).includes(c) ? <b>{c}</b> : c}
              </span>
            ))}
          </Text>
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => downloadTemplate(kind)}
              data-testid="upload-template"
            >
              Download template
            </Button>
          </Group>
          <FileInput
            label="File"
            description="A .csv or .xlsx file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => {
              setFile(f);
              upload.reset();
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
            error={
              file && !format
                ? 'Choose a .csv or .xlsx file'
                : tooLarge
                  ? LAB_TEST_MESSAGES.tooLarge(LAB_UPLOAD_MAX_BYTES)
                  : null
            }
            data-testid="upload-file"
          />
          <Group>
            <Button
              leftSection={<IconUpload size={16} />}
              disabled={!file || !format || tooLarge}
              loading={upload.isPending}
              onClick={() => file && format && upload.mutate({ file, format })}
              data-testid="upload-submit"
            >
              Upload
            </Button>
          </Group>
          {upload.isSuccess ? (
            <Alert color="green" variant="light" data-testid="upload-result">
              {upload.data.message} ({upload.data.data.rows} rows read)
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" title={LAB_TEST_MESSAGES.updateFailed} data-testid="upload-errors">
              <List size="sm">
                {rowErrors(failure).map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
        </Stack>
      </Paper>
    </>
  );
}

/** /tests/upload */
export const TestsUploadPage = () => <LabUploadPage kind="tests" />;
/** /measurements/upload */
export const MeasurementsUploadPage = () => <LabUploadPage kind="measurements" />;

const MEASUREMENT_COLUMNS: Column<Measurement>[] = [
  {
    key: 'test',
    label: 'Test',
    sortKey: 'testCode',
    render: (m) => (
      <div>
        <Text size="sm">{m.testName}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {m.testCode} · v{m.version}
        </Text>
      </div>
    ),
  },
  {
    key: 'parameter',
    label: 'Parameter',
    sortKey: 'name',
    render: (m) => (
      <div>
        <Text size="sm" fw={500}>
          {m.parameter.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {m.parameter.code}
          {m.parameter.formula ? ` = ${m.parameter.formula}` : ''}
        </Text>
      </div>
    ),
  },
  { key: 'type', label: 'Type', render: (m) => m.parameter.type },
  {
    key: 'unit',
    label: 'Unit',
    render: (m) => (m.parameter.unit ? (unitOf(m.parameter.unit)?.label ?? m.parameter.unit) : '—'),
  },
  {
    key: 'ranges',
    label: 'Reference ranges / choices',
    render: (m) =>
      m.parameter.options.length > 0 ? optionsText(m.parameter) : rangesText({ ...m.parameter, unit: null }) || '—',
  },
];

/** /measurements: every parameter of the company's lab tests (their current versions). */
export function MeasurementsPage() {
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Measurements"
        description="The parameters of every lab test, with their units and reference ranges."
        actions={
          <AddLink
            to={CONSOLE_ROUTES.measurementsUpload}
            allowed={can('TESTS', SPECIFIC.UPLOAD)}
            variant="default"
            testId="measurements-upload"
          >
            Upload Measurements
          </AddLink>
        }
      />
      <ServerTable
        id="measurements"
        queryKey={limsKeys.list(MEASUREMENTS)}
        fetchPage={fetchMeasurementsPage}
        columns={MEASUREMENT_COLUMNS}
        rowKey={(m) => `${m.testCode}:${m.parameter.code}`}
        searchPlaceholder="Search by test code or parameter"
        defaultSort={{ sortBy: 'testCode', sortDir: 'asc' }}
        emptyText="No measurements yet: define a lab test's parameters on its edit screen, or upload them."
      />
    </>
  );
}
