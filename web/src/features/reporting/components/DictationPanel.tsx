import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { reportingApi } from '../api/reporting-api';
import { DictationClips, dictationsKey } from './DictationClips';
import { DictationRecorder } from './DictationRecorder';
import { SpeechDictateButton } from './SpeechDictateButton';

/**
 * The report's dictation (issue 25 item 5): the recorder and speech-to-text for whoever records (the reading
 * radiologist, a reviewer), and the clips with their players for everyone who reads the report — the transcriptionist
 * above all. Nothing when there is nothing to record nor play.
 */
export function DictationPanel({
  caseId,
  canRecord,
  onSpeech,
}: {
  caseId: string;
  canRecord: boolean;
  onSpeech(text: string): void;
}) {
  const clips = useQuery({ queryKey: dictationsKey(caseId), queryFn: () => reportingApi.dictations(caseId) });
  if (!canRecord && (clips.data ?? []).length === 0) return null;
  return (
    <Stack gap={6} data-testid="dictation-panel" component="section" aria-labelledby="dictation-title">
      <Text size="sm" fw={600} id="dictation-title">
        Dictation
      </Text>
      {canRecord && (
        <Group gap="xs" wrap="wrap">
          <DictationRecorder caseId={caseId} />
          <SpeechDictateButton onText={onSpeech} />
        </Group>
      )}
      <DictationClips caseId={caseId} />
    </Stack>
  );
}
