import { Button, Group, Loader, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { type CaseComment } from '@rayworks/contracts';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { describeError, shownByPolicy } from '../../../api/client';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { formatDisplayDateTime } from '../../../shared/format';
import { toastError } from '../../../shared/ui/toast';
import { caseAuditKey } from '../../../shared/cases/useCase';
import { commentsKey, useAddComment, useComments } from '../hooks/useCaseRecords';

/**
 * The case's chat: the newest messages, oldest first; a new one appears for everyone who has the case open
 * (`cases:comment-added` carries no text: the list is read again through /comment/find, which checks the reach).
 */
export function CommentsPanel({ caseId, canPost }: { caseId: string; canPost: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const query = useComments(caseId);
  const added = useRealtimeEvents('cases:comment-added');
  const seen = useRef(0);
  useEffect(() => {
    const fresh = added.slice(seen.current);
    seen.current = added.length;
    if (!fresh.some((m) => m.caseId === caseId)) return;
    void queryClient.invalidateQueries({ queryKey: commentsKey(caseId) });
    void queryClient.invalidateQueries({ queryKey: caseAuditKey(caseId) });
  }, [added, caseId, queryClient]);
  const items: CaseComment[] = query.data?.items ?? [];
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [items.length]);

  const send = useAddComment(caseId, {
    onSuccess: (comment) => {
      setText('');
      queryClient.setQueryData(commentsKey(caseId), (old: typeof query.data) =>
        old && !old.items.some((c) => c._id === comment._id) ? { ...old, items: [...old.items, comment] } : old,
      );
    },
    onError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
    },
  });
  const submit = () => {
    const message = text.trim();
    if (message && !send.isPending) send.mutate(message);
  };

  return (
    <Stack gap="sm" data-testid="case-comments">
      {query.isLoading ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {describeError(query.error)}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="case-comments-empty">
          No comments yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} viewportRef={viewport} offsetScrollbars>
          <Stack gap="xs">
            {items.map((comment) => (
              <div key={comment._id} data-testid="case-comment">
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Text size="xs" fw={600}>
                    {comment.authorName ?? 'Someone'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDisplayDateTime(comment.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {comment.text}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {canPost ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            placeholder="Write a comment"
            aria-label="Comment"
            autosize
            minRows={1}
            maxRows={5}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            data-testid="case-comment-input"
          />
          <Button
            leftSection={<IconSend size={14} />}
            onClick={submit}
            loading={send.isPending}
            disabled={!text.trim()}
            data-testid="case-comment-send"
          >
            Send
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
