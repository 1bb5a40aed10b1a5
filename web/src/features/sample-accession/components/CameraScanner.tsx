import { Alert, Button, Stack } from '@mantine/core';
import { SAMPLE_SCREEN_TEXT as T } from '@rayworks/contracts';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/**
 * Reads a barcode with the device's camera (@zxing/browser's one-dimensional reader, loaded only when the camera is
 * asked for; docs/decisions/0300) and hands each code read once to `onCode`, as a keyboard-wedge scanner would.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  useEffect(() => {
    latest.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!on || !video.current) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    let last = '';
    void (async () => {
      try {
        const { BrowserMultiFormatOneDReader } = await import('@zxing/browser');
        const reader = new BrowserMultiFormatOneDReader();
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current!,
          (result) => {
            const text = result?.getText();
            if (!text || text === last) return;
            last = text;
            latest.current(text);
          },
        );
        if (cancelled) controls.stop();
        else stop = () => controls.stop();
      } catch (e) {
        setError(e instanceof Error ? e.message : String(e));
        setOn(false);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [on]);

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={on ? <IconCameraOff size={16} /> : <IconCamera size={16} />}
        onClick={() => {
          setError(null);
          setOn((v) => !v);
        }}
        data-testid="camera-toggle"
        w="fit-content"
      >
        {on ? T.stopCamera : T.useCamera}
      </Button>
      {error ? (
        <Alert color="red" variant="light">
          The camera could not be opened: {error}
        </Alert>
      ) : null}
      {on ? (
        <video
          ref={video}
          muted
          playsInline
          style={{ width: '100%', maxWidth: 420, borderRadius: 8, background: '#000' }}
          data-testid="camera-preview"
        />
      ) : null}
    </Stack>
  );
}
