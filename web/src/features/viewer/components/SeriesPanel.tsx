import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { thumbnailUrl, type SeriesInfo } from '../cornerstone/wado';
import { plural } from '../../../shared/plural';

function Thumbnail({ root, series, load }: { root: string; series: SeriesInfo; load: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!load) return;
    let made: string | null = null;
    let live = true;
    void thumbnailUrl(root, series)
      .then((u) => {
        made = u;
        if (live) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [root, series, load]);
  return (
    <Box w={96} h={96} bg="#000" style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {url ? (
        <img src={url} alt="" style={{ maxWidth: 96, maxHeight: 96 }} />
      ) : (
        <Text c="#b4b4b4" size="xs">
          {series.modality}
        </Text>
      )}
    </Box>
  );
}

/** The study's series with thumbnails; a click shows the series in the active viewport. */
export function SeriesPanel({
  root,
  series,
  shown,
  onPick,
  loadThumbnails,
}: {
  root: string;
  series: SeriesInfo[];
  /** Thumbnails wait for the first image: they must not compete with it. */
  loadThumbnails: boolean;
  shown: string | null;
  onPick(series: SeriesInfo): void;
}) {
  return (
    <Stack gap={6}>
      {series.map((s) => (
        <UnstyledButton
          key={s.seriesInstanceUid}
          data-testid={`series-${s.seriesInstanceUid}`}
          onClick={() => onPick(s)}
          p={4}
          style={{
            border: `1px solid ${shown === s.seriesInstanceUid ? '#e6a700' : '#333'}`,
            borderRadius: 4,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
          }}
        >
          <Thumbnail root={root} series={s} load={loadThumbnails} />
          <Text size="xs" c="#ddd" ta="center" lineClamp={2}>
            {`${s.modality} ${s.seriesNumber ?? ''} ${s.description}`.trim()}
          </Text>
          <Text size="xs" c="#b4b4b4">
            {s.instanceCount === null ? '? images' : plural(s.instanceCount, 'image')}
          </Text>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
