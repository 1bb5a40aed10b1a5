import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { CONTAINERS, SAMPLE_TYPES, unitOf, type LabTest } from '@rayworks/contracts';
import { formatDisplayDateTime } from '../../../shared/format';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';
import { optionsText, rangesText } from '../hooks/lab-definition';

/** A LAB test's laboratory definition on its view screen: the definition, then its parameters in report order. */
export function LabDefinitionPanel({ lab }: { lab: LabTest }) {
  return (
    <>
      <DetailGrid
        title="Laboratory"
        details={[
          { label: 'Sub-department', value: `${lab.subDepartmentName} (${lab.subDepartmentCode})`, testId: 'lab-sub' },
          { label: 'Department', value: lab.department },
          {
            label: 'Sample Type',
            value: SAMPLE_TYPES.find((s) => s.code === lab.sampleType)?.name ?? lab.sampleType,
            testId: 'lab-sample',
          },
          {
            label: 'Container',
            value: CONTAINERS.find((c) => c.code === lab.container)?.name ?? lab.container,
            testId: 'lab-container-value',
          },
          { label: 'Turnaround', value: `${lab.turnaroundHours} h` },
          { label: 'Method', value: lab.method ?? '—', testId: 'lab-method-value' },
          { label: 'LOINC', value: lab.loincCode ?? '—', testId: 'lab-loinc-value' },
          {
            label: 'Parameters Version',
            value: lab.version
              ? `${lab.version.version} · ${lab.version.createdBy} · ${formatDisplayDateTime(lab.version.createdAt)}`
              : 'None yet',
            testId: 'lab-version',
          },
        ]}
      />
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="md" mb="md">
          Parameters
        </Title>
        {lab.parameters.length === 0 ? (
          <Text size="sm" c="dimmed">
            No parameters yet: add them on the edit screen or upload a measurements file.
          </Text>
        ) : (
          <TableScrollRegion label="Parameters" minWidth={720}>
            <Table striped verticalSpacing="xs" data-testid="lab-parameters">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Unit</Table.Th>
                  <Table.Th>Reference ranges / choices</Table.Th>
                  <Table.Th>Critical</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lab.parameters.map((p) => (
                  <Table.Tr key={p.code}>
                    <Table.Td ff="monospace">{p.code}</Table.Td>
                    <Table.Td>
                      {p.name}
                      {p.formula ? (
                        <Badge ml="xs" size="xs" variant="light" tt="none" title={p.formula}>
                          = {p.formula}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{p.type}</Table.Td>
                    <Table.Td>{p.unit ? (unitOf(p.unit)?.label ?? p.unit) : '—'}</Table.Td>
                    <Table.Td>{p.options.length > 0 ? optionsText(p) : rangesText(p) || '—'}</Table.Td>
                    <Table.Td>
                      {p.criticalLow || p.criticalHigh ? `< ${p.criticalLow ?? '…'} · > ${p.criticalHigh ?? '…'}` : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
      </Paper>
    </>
  );
}
