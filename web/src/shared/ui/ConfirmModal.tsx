import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What will happen, in a sentence or two. */
  text: string;
  /** The confirming button's words (the action's verb). */
  confirmLabel: string;
  confirmColor: string;
  pending: boolean;
  onConfirm: () => void;
  confirmTestId: string;
}

/** A confirmation before an action: what will happen, Cancel, and the action (busy while it runs). */
export function ConfirmModal({
  opened,
  onClose,
  title,
  text,
  confirmLabel,
  confirmColor,
  pending,
  onConfirm,
  confirmTestId,
}: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <div>
        <Text size="sm" mb="lg">
          {text}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color={confirmColor} loading={pending} onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
