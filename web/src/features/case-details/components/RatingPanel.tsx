import { Button, Group, Loader, Rating, Stack, Text, Textarea } from '@mantine/core';
import { type Case } from '@rayworks/contracts';
import { useState } from 'react';
import { useSession } from '../../../shared/session/useSession';
import { formatDisplayDateTime } from '../../../shared/format';
import { useRateCase, useRatings } from '../hooks/useCaseRecords';
import { plural } from '../../../shared/plural';

/** Rating and feedback of the case's reading (a completed case; one per user, a second replaces the first). */
export function RatingPanel({ c }: { c: Case }) {
  const { profile } = useSession();
  const query = useRatings(c._id);
  const mine = query.data?.items.find((r) => r.userId === profile?._id) ?? null;
  // the user's edits; until they edit, their saved rating shows
  const [starsDraft, setStars] = useState<number | null>(null);
  const [feedbackDraft, setFeedback] = useState<string | null>(null);
  const stars = starsDraft ?? mine?.stars ?? 0;
  const feedback = feedbackDraft ?? mine?.feedback ?? '';
  const save = useRateCase(c._id);
  const completed = c.status === 'COMPLETED';
  return (
    <Stack gap="sm" data-testid="case-rating">
      {query.isLoading ? (
        <Loader size="sm" />
      ) : query.data ? (
        <Text size="sm" data-testid="case-rating-average">
          {query.data.count
            ? `${query.data.average ?? '—'} of 5 from ${plural(query.data.count, 'rating')}`
            : 'Not rated yet.'}
        </Text>
      ) : null}
      {completed ? (
        <>
          <Group gap="sm">
            <Text size="sm">Your rating</Text>
            <Rating value={stars} onChange={setStars} data-testid="case-rating-stars" />
          </Group>
          <Textarea
            placeholder="Feedback on the reading (optional)"
            aria-label="Feedback"
            autosize
            minRows={2}
            maxLength={2000}
            value={feedback}
            onChange={(e) => setFeedback(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button
              onClick={() => save.mutate({ stars, feedback })}
              disabled={stars < 1}
              loading={save.isPending}
              data-testid="case-rating-save"
            >
              {mine ? 'Update rating' : 'Rate'}
            </Button>
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          A case is rated once its report is completed.
        </Text>
      )}
      {(query.data?.items ?? []).map((r) => (
        <div key={r._id}>
          <Group gap={6}>
            <Rating value={r.stars} readOnly size="xs" />
            <Text size="xs" c="dimmed">
              {r.userName ?? 'Someone'} · {formatDisplayDateTime(r.updatedAt)}
            </Text>
          </Group>
          {r.feedback ? <Text size="sm">{r.feedback}</Text> : null}
        </div>
      ))}
    </Stack>
  );
}
