import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { useState } from 'react';
import { useAssignees, useCentreSettings } from '../../cases/hooks/useWorklist';

/**
 * The transcriptionist of /report/sendToTypist: chosen by hand where the centre says MANUAL (the default), by the
 * centre (least open work) where it says AUTOMATIC — the worklist's rule.
 */
export function SendToTypistDialog({
  centreId,
  opened,
  busy,
  onClose,
  onSend,
}: {
  centreId: string | null;
  opened: boolean;
  busy: boolean;
  onClose(): void;
  onSend(typistId: string | null): void;
}) {
  const typists = useAssignees(centreId, 'typist', opened);
  const settings = useCentreSettings(centreId, opened);
  const automatic = settings.data?.typistAssignment === 'AUTOMATIC';
  const [typistId, setTypistId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Send to Transcriptionist" centered size="md">
      <Stack gap="md" data-testid="report-typist-dialog">
        <Text size="sm">The report is saved and goes to the Transcriptionist; it comes back to you for review.</Text>
        <Select
          label="Transcriptionist"
          placeholder={automatic ? 'Chosen by the centre (least open work)' : 'Choose a Transcriptionist'}
          withAsterisk={!automatic}
          data={(typists.data ?? []).map((t) => ({
            value: t.id,
            label: `${t.fullName} · ${t.isAvailable ? 'online' : 'offline'} · ${t.openWork} open`,
          }))}
          value={typistId}
          onChange={(v) => {
            setTypistId(v);
            setError(null);
          }}
          clearable={automatic}
          searchable
          nothingFoundMessage={typists.isLoading ? 'Loading…' : 'No transcriptionist in this centre'}
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-testid="report-typist"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              if (!automatic && !typistId) {
                setError(CASE_MESSAGES.chooseTypist);
                return;
              }
              onSend(typistId);
            }}
            data-testid="report-send-typist-confirm"
          >
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
