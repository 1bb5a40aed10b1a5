import { Badge, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { type Case } from '@rayworks/contracts';
import { formatDicomDate } from '../../../shared/format';
import { usePatientStudies } from '../hooks/useCaseRecords';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

/**
 * The patient's studies in the archive (imaging's /get/studies by patient ID, in the caller's centres): this case's
 * study and the priors a reader compares with. Imaging answers within its own reach; when it refuses, the card says
 * the archive is not open to the user rather than showing nothing as if there were no studies.
 */
export function PatientStudies({ c }: { c: Case }) {
  const query = usePatientStudies(c);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="case-patient-studies">
      <Title order={2} fz="md" mb="md">
        Studies of the patient
      </Title>
      {query.isLoading ? (
        <Loader size="sm" />
      ) : query.isError || !query.data ? (
        <Text size="sm" c="dimmed">
          The archive's studies are not available to you.
        </Text>
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No study of this patient is in the archive yet.
        </Text>
      ) : (
        <TableScrollRegion label="studies of the patient" minWidth={480}>
          <Table verticalSpacing={6} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Study</Table.Th>
                <Table.Th ta="right">Series / images</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((s) => (
                <Table.Tr
                  key={s._id}
                  data-testid="case-patient-study"
                  data-current={s.studyInstanceUid === c.studyInstanceUid}
                >
                  <Table.Td>{formatDicomDate(s.studyDate)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {s.modalities.map((m) => (
                        <Badge key={m} size="xs" variant="outline" radius="sm">
                          {m}
                        </Badge>
                      ))}
                      <Text size="sm" lineClamp={1}>
                        {s.studyDescription ?? '—'}
                      </Text>
                      {s.studyInstanceUid === c.studyInstanceUid ? (
                        <Badge size="xs" variant="light" radius="sm">
                          this case
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {s.seriesCount} / {s.instanceCount}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}
    </Paper>
  );
}
