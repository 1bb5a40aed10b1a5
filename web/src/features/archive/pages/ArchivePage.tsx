import { Badge, Group, Text } from '@mantine/core';
import { CLOUD_UPLOADING_DISPLAY, WORKLIST, type Study } from '@rayworks/contracts';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { formatBytes, formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StudyDownload } from '../components/StudyDownload';
import { StudyFiltersBar } from '../components/StudyFiltersBar';
import {
  FILTER_PARAMS,
  fetchStudiesPage,
  filtersFromParams,
  imagingKeys,
  STUDIES,
  type StudyFilters,
} from '../hooks/useStudies';

const personName = (pn: string) => pn.replace(/\^+/g, ' ').trim() || '—';

/** The import state of a study: "Cloud Uploading" while instances arrive (spec §4), then Imported. */
function StudyState({ state }: { state: Study['state'] }) {
  return state === 'CLOUD_UPLOADING' ? (
    <Badge variant="light" color="yellow" radius="sm" data-testid="archive-state" data-state={state}>
      {CLOUD_UPLOADING_DISPLAY}
    </Badge>
  ) : (
    <Badge variant="light" color="teal" radius="sm" data-testid="archive-state" data-state={state}>
      Imported
    </Badge>
  );
}

const count = (n: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{n.toLocaleString('en-GB')}</span>;

function columns(canDownload: boolean): Column<Study>[] {
  return [
    {
      key: 'patient',
      label: 'Patient',
      sortKey: 'patientName',
      render: (s) => (
        <div>
          <Text size="sm" fw={500} data-testid="archive-patient-name">
            {personName(s.patientName)}
          </Text>
          <Text size="xs" c="dimmed">
            ID {s.patientId || '—'}
          </Text>
        </div>
      ),
    },
    { key: 'studyDate', label: 'Study date', sortKey: 'studyDate', render: (s) => formatDicomDate(s.studyDate) },
    {
      key: 'study',
      label: 'Study',
      render: (s) => (
        <div>
          <Group gap={4}>
            {s.modalities.map((m) => (
              <Badge key={m} size="sm" variant="outline" radius="sm">
                {m}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={1} title={s.studyInstanceUid}>
            {s.studyDescription || s.studyInstanceUid}
          </Text>
        </div>
      ),
    },
    { key: 'accession', label: 'Accession', render: (s) => s.accessionNumber || '—' },
    {
      key: 'series',
      label: 'Series',
      align: 'right',
      render: (s) => <span data-testid="archive-series-count">{count(s.seriesCount)}</span>,
    },
    {
      key: 'instances',
      label: 'Instances',
      align: 'right',
      render: (s) => <span data-testid="archive-instance-count">{count(s.instanceCount)}</span>,
    },
    {
      key: 'size',
      label: 'Size',
      sortKey: 'sizeBytes',
      align: 'right',
      render: (s) => <span data-testid="archive-size">{formatBytes(s.sizeBytes)}</span>,
    },
    { key: 'state', label: 'Import state', render: (s) => <StudyState state={s.state} /> },
    { key: 'createdAt', label: 'Archived', sortKey: 'createdAt', render: (s) => formatDisplayDateTime(s.createdAt) },
    ...(canDownload
      ? [
          {
            key: 'download',
            label: 'Download',
            render: (s: Study) => (
              <StudyDownload
                studyInstanceUid={s.studyInstanceUid}
                label={`${personName(s.patientName)}, ${formatDicomDate(s.studyDate)}`}
              />
            ),
          },
        ]
      : []),
  ];
}

/**
 * /archive (a page beyond the specification, for administrators; docs/decisions/0109): the studies of the user's
 * centres in the cloud archive, searched with QIDO matching on the server, with size, counts, import state and
 * a zip download whose states arrive as the worker moves them.
 */
export function ArchivePage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const setFilters = (next: StudyFilters) => {
    const updated = new URLSearchParams(params);
    for (const [key, param] of Object.entries(FILTER_PARAMS) as [keyof StudyFilters, string][]) {
      const value = next[key];
      if (value) updated.set(param, value);
      else updated.delete(param);
    }
    updated.delete('page');
    setParams(updated, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Archive"
        description="Studies in the cloud archive of your centres, with their size, counts and import state."
      />
      <StudyFiltersBar filters={filters} onChange={setFilters} />
      <ServerTable
        id="archive"
        queryKey={[...imagingKeys.list(STUDIES), filters]}
        fetchPage={fetchStudiesPage(filters)}
        columns={columns(can('WORKLIST', WORKLIST.CASE_DOWNLOAD))}
        rowKey={(s) => s._id}
        searchPlaceholder="Search by patient name or ID"
        defaultSort={{ sortBy: 'createdAt', sortDir: 'desc' }}
        emptyText="No studies in the archive yet. Import one from Cases."
      />
    </>
  );
}
