import { Text } from '@mantine/core';
import type { Column } from '../ui/ServerTable';

/** An invoice list's "Invoice No." column (sorted by number), the number set in monospace. */
export function invoiceNumberColumn<T extends { number: string }>(testId?: string): Column<T> {
  return {
    key: 'number',
    label: 'Invoice No.',
    sortKey: 'number',
    render: (i) => (
      <Text size="sm" fw={500} ff="monospace" data-testid={testId}>
        {i.number}
      </Text>
    ),
  };
}

/** An invoice list's "Patient" column: the name as billed, the MR No. under it. */
export function invoicePatientColumn<T extends { patient: { patientName: string; mrID: string } }>(): Column<T> {
  return {
    key: 'patient',
    label: 'Patient',
    render: (i) => (
      <div>
        <Text size="sm">{i.patient.patientName}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {i.patient.mrID}
        </Text>
      </div>
    ),
  };
}
