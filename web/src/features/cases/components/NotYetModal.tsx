import { Button, Group, Modal, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  text: string;
}

/** Says plainly that a screen an action leads to is not part of this version (the viewer, the report editor). */
export function NotYetModal({ opened, onClose, title, text }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Text size="sm" mb="lg" data-testid="worklist-not-yet">
        {text}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          OK
        </Button>
      </Group>
    </Modal>
  );
}
