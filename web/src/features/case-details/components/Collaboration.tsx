import { Paper, Text, Title } from '@mantine/core';
import type { Case, CaseAction } from '@rayworks/contracts';

interface Props {
  c: Case;
  actions: CaseAction[];
  /** Bumped when the user asks for the study's download from the actions. */
  downloadRequested: number;
}

/**
 * Chat, patient history, sharing, download and rating of a case: the cases service's collaboration calls. Until
 * they are in this build, the panel says so rather than showing invented data.
 */
export function Collaboration(_props: Props) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid="case-collaboration">
      <Title order={2} fz="md" mb="xs">
        Comments, history and sharing
      </Title>
      <Text size="sm" c="dimmed" data-testid="not-yet-available">
        Not yet available in this version of the console.
      </Text>
    </Paper>
  );
}
