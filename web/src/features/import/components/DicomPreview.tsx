import { Center, Paper, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { decodePreview, type Preview } from '../machines/dicom-preview';

/** A rendered preview of one image of the study (spec §2), or a note saying why there is none. */
export function DicomPreview({ file }: { file: Blob | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [preview, setPreview] = useState<{ file: Blob; result: Preview } | null>(null);

  useEffect(() => {
    if (!file) return;
    let live = true;
    void file.arrayBuffer().then((buffer) => {
      if (live) setPreview({ file, result: decodePreview(new Uint8Array(buffer)) });
    });
    return () => {
      live = false;
    };
  }, [file]);

  const current = preview && preview.file === file ? preview.result : null;
  useEffect(() => {
    if (current?.kind !== 'image' || !canvas.current) return;
    canvas.current.width = current.width;
    canvas.current.height = current.height;
    const pixels = new Uint8ClampedArray(current.rgba);
    canvas.current.getContext('2d')?.putImageData(new ImageData(pixels, current.width, current.height), 0, 0);
  }, [current]);

  return (
    <Paper
      withBorder
      radius="md"
      bg="black"
      style={{ aspectRatio: '1 / 1', overflow: 'hidden', display: 'grid', placeItems: 'center' }}
      data-testid="import-preview"
      data-preview={!file ? 'empty' : current ? current.kind : 'loading'}
    >
      {!file ? (
        <Text size="sm" c="gray.5" ta="center" px="md">
          The preview of one image appears here.
        </Text>
      ) : !current ? (
        <Skeleton w="100%" h="100%" />
      ) : current.kind === 'image' ? (
        <canvas
          ref={canvas}
          role="img"
          aria-label="Preview of one image of the study"
          style={{ width: '100%', height: '100%', objectFit: 'contain', imageRendering: 'auto' }}
          data-testid="import-preview-canvas"
        />
      ) : (
        <Center style={{ flexDirection: 'column', gap: 8 }} px="md">
          <IconPhotoOff size={28} color="var(--mantine-color-gray-5)" />
          <Text size="sm" c="gray.4" ta="center" data-testid="import-preview-none">
            {current.reason}
          </Text>
        </Center>
      )}
    </Paper>
  );
}
