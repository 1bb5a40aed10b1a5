import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TypistSelect, useTypistChoice } from '../../../shared/cases/TypistSelect';

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
  const choice = useTypistChoice(centreId, opened);
  return (
    <Modal opened={opened} onClose={onClose} title="Send to Transcriptionist" centered size="md">
      <Stack gap="md" data-testid="report-typist-dialog">
        <Text size="sm">The report is saved and goes to the Transcriptionist; it comes back to you for review.</Text>
        <TypistSelect choice={choice} testId="report-typist" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              if (choice.validate()) onSend(choice.typistId);
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
