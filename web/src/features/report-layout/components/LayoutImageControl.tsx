import { Button, FileButton, Group } from '@mantine/core';
import type { LayoutImageKind } from '@rayworks/contracts';
import { IconUpload } from '@tabler/icons-react';

/** Upload (or replace) and remove one of the layout's images: the header logo, the footer image, the watermark. */
export function LayoutImageControl(props: {
  kind: LayoutImageKind;
  label: string;
  present: boolean;
  uploading: boolean;
  onFile: (kind: LayoutImageKind, file: File | null) => void;
  onRemove: () => void;
}) {
  const { kind, label, present } = props;
  return (
    <Group gap="xs">
      <FileButton onChange={(f) => props.onFile(kind, f)} accept="image/png,image/jpeg">
        {(buttonProps) => (
          <Button
            {...buttonProps}
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            loading={props.uploading}
            data-testid={`layout-upload-${kind}`}
          >
            {present ? `Replace ${label}` : `Upload ${label}`}
          </Button>
        )}
      </FileButton>
      {present ? (
        <Button size="xs" variant="subtle" color="red" onClick={props.onRemove}>
          Remove
        </Button>
      ) : null}
    </Group>
  );
}
