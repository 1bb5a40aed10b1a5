import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ViewerAnnotation } from '../api/viewer-api';

/** The saved measurements and key images of the case; a click jumps to the image, × deletes. */
export function MeasurementsPanel({
  annotations,
  onJump,
  onDelete,
}: {
  annotations: ViewerAnnotation[];
  onJump(a: ViewerAnnotation): void;
  onDelete(a: ViewerAnnotation): void;
}) {
  if (annotations.length === 0)
    return (
      <Text size="xs" c="#b4b4b4">
        No measurements yet
      </Text>
    );
  return (
    <Stack gap={4}>
      {annotations.map((a) => (
        <Group
          key={a.id}
          gap={4}
          wrap="nowrap"
          data-testid="measurement-row"
          data-annotation-id={a.id}
          data-kind={a.kind}
        >
          <UnstyledButton onClick={() => onJump(a)} style={{ flex: 1 }}>
            <Text size="xs" c="#ddd">
              {a.kind === 'keyImage' ? '★ ' : ''}
              {a.label}: {a.value}
            </Text>
          </UnstyledButton>
          <ActionIcon size="xs" variant="subtle" color="gray" aria-label="Delete" onClick={() => onDelete(a)}>
            ×
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
