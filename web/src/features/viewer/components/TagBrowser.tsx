import { Modal, ScrollArea, Table, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { tagRows, type DicomJson } from '../cornerstone/dicom-json';

/** The shown instance's DICOM JSON metadata as a searchable table (tag, VR, value). */
export function TagBrowser({
  instance,
  opened,
  onClose,
}: {
  instance: DicomJson | null;
  opened: boolean;
  onClose(): void;
}) {
  const [filter, setFilter] = useState('');
  const rows = useMemo(() => (instance ? tagRows(instance) : []), [instance]);
  const q = filter.trim().toLowerCase();
  const shown = q
    ? rows.filter(
        (r) =>
          `${r.tag} ${r.vr} ${r.value}`.toLowerCase().includes(q) ||
          r.tag.replace(/[(),]/g, '').toLowerCase().includes(q),
      )
    : rows;
  return (
    <Modal opened={opened} onClose={onClose} title="DICOM tags" size="xl">
      <div data-testid="tag-browser">
        <TextInput
          placeholder="Search tag or value"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          mb="xs"
          data-testid="tag-search"
        />
        <ScrollArea h={480}>
          <Table striped fz="xs" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th>
                <Table.Th>VR</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.tag} data-testid="tag-row">
                  <Table.Td ff="monospace">{r.tag}</Table.Td>
                  <Table.Td>{r.vr}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </div>
    </Modal>
  );
}
