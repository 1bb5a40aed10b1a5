import { Stack, Text } from '@mantine/core';
import { DICTATION_KEYS, DICTATION_SKIP_SECONDS } from '@rayworks/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { reportingApi } from '../api/reporting-api';
import { playerActionOf } from '../dictation-rules';
import { DictationPlayer, type PlayerHandle } from './DictationPlayer';

export const dictationsKey = (caseId: string) => ['reporting', 'dictations', caseId] as const;

/**
 * The report's dictation clips, each with its player (decision 0355). The foot pedal's keys (F9 play/pause, F7
 * rewind, F8 forward) drive the active clip — the first until another is played or focused — wherever the focus is,
 * the report's text included, so the transcriptionist types and listens without leaving the editor.
 */
export function DictationClips({ caseId }: { caseId: string }) {
  const clips = useQuery({ queryKey: dictationsKey(caseId), queryFn: () => reportingApi.dictations(caseId) });
  const list = clips.data ?? [];
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = activeId ?? list[0]?.id ?? null;
  const handles = useRef(new Map<string, PlayerHandle>());
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  useEffect(() => {
    if (list.length === 0) return;
    const onKey = (e: KeyboardEvent) => {
      const action = playerActionOf(e);
      if (!action || activeRef.current === null) return;
      const player = handles.current.get(activeRef.current);
      if (!player) return;
      // the key is the player's, not the browser's (F7 caret browsing)
      e.preventDefault();
      e.stopPropagation();
      player.act(action);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [list.length]);

  if (list.length === 0) return null;
  return (
    <Stack gap={6} data-testid="dictation-clips">
      <Text size="xs" c="dimmed" id="dictation-keys">
        Keys: {DICTATION_KEYS.playPause} play/pause · {DICTATION_KEYS.rewind} back {DICTATION_SKIP_SECONDS} s ·{' '}
        {DICTATION_KEYS.forward} on {DICTATION_SKIP_SECONDS} s (a foot pedal sends these)
      </Text>
      {list.map((clip, index) => (
        <DictationPlayer
          key={clip.id}
          caseId={caseId}
          clip={clip}
          index={index}
          active={clip.id === active}
          onActivate={() => setActiveId(clip.id)}
          register={(handle) => {
            if (handle) handles.current.set(clip.id, handle);
            else handles.current.delete(clip.id);
          }}
        />
      ))}
    </Stack>
  );
}
