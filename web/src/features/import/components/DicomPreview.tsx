import { Center, Paper, Skeleton, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { decodePreview, type Preview } from '../machines/dicom-preview';

/** The first of the files that renders, else the first file's note. */
async function firstPreview(files: readonly Blob[]): Promise<Preview> {
  let first: Preview | null = null;
  for (const file of files) {
    const result = decodePreview(new Uint8Array(await file.arrayBuffer()));
    if (result.kind === 'image') return result;
    first ??= result;
  }
  return first!;
}

/**
 * A rendered preview of one image of the study (spec §2): the middle instance of the first series that renders
 * (decision 0110), or a note saying why there is none.
 */
export function DicomPreview({ files }: { files: readonly Blob[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [preview, setPreview] = useState<{ files: readonly Blob[]; result: Preview } | null>(null);
  const file = files.length > 0 ? files : null;

  useEffect(() => {
    if (files.length === 0) return;
    let live = true;
    void firstPreview(files).then((result) => {
      if (live) setPreview({ files, result });
    });
    return () => {
      live = false;
    };
  }, [files]);

  const current = preview && preview.files === files ? preview.result : null;
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
