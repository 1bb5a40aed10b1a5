import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useState } from 'react';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { reportingApi, type Addendum, type Macro, type Report } from '../api/reporting-api';
import { reportExtensions } from '../../../shared/editor/report-extensions';

/**
 * The addenda below the final report (never changing it): the final ones read only with who signed them, the draft
 * editable by whoever may add an addendum, saved (/report/addendum/save) and finalized (/report/addendum/finalize).
 */
export function AddendumPanel({
  report,
  editable,
  onChange,
  macros,
}: {
  report: Report;
  editable: boolean;
  onChange(report: Report): void;
  macros: () => readonly Macro[];
}) {
  const draft = report.addenda.find((a) => a.status === 'DRAFT') ?? null;
  const finals = report.addenda.filter((a) => a.status === 'FINAL');
  return (
    <Stack gap={6} data-testid="report-addenda">
      {finals.map((a, n) => (
        <FinalAddendum key={a.id} addendum={a} index={n + 1} />
      ))}
      {(draft || editable) && (
        <DraftAddendum
          key={draft?.id ?? 'new'}
          report={report}
          draft={draft}
          editable={editable || Boolean(draft)}
          onChange={onChange}
          macros={macros}
        />
      )}
    </Stack>
  );
}

function FinalAddendum({ addendum, index }: { addendum: Addendum; index: number }) {
  const editor = useEditor({
    extensions: reportExtensions(() => [], '', `Addendum ${index}`),
    content: addendum.html,
    editable: false,
    immediatelyRender: true,
  });
  return (
    <Paper withBorder p="xs" data-testid="report-addendum-final">
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          Addendum {index}
        </Text>
        <Text size="xs" c="dimmed">
          {addendum.addendumDoctorInfo?.doctorName ?? ''}
          {addendum.finalizedAt ? ` · ${formatDisplayDateTime(addendum.finalizedAt)}` : ''}
        </Text>
      </Group>
      <RichTextEditor editor={editor} withTypographyStyles>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Paper>
  );
}

function DraftAddendum({
  report,
  draft,
  editable,
  onChange,
  macros,
}: {
  report: Report;
  draft: Addendum | null;
  editable: boolean;
  onChange(report: Report): void;
  macros: () => readonly Macro[];
}) {
  const [busy, setBusy] = useState<'save' | 'finalize' | null>(null);
  const editor = useEditor({
    extensions: reportExtensions(macros, 'Write the addendum', 'Addendum'),
    content: draft?.html ?? '',
    editable,
    immediatelyRender: true,
  });
  const act = async (which: 'save' | 'finalize') => {
    if (!editor) return;
    setBusy(which);
    try {
      const saved = await reportingApi.saveAddendum(report.caseId, editor.getHTML());
      if (which === 'save') {
        onChange(saved.data);
        toastSuccess(saved.message || 'Addendum saved');
      } else {
        const done = await reportingApi.finalizeAddendum(report.caseId);
        onChange(done.data);
        toastSuccess(done.message || 'Addendum finalized');
      }
    } catch (e) {
      if (!shownByPolicy(e)) toastError(describeError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Paper withBorder p="xs" data-testid="report-addendum-draft">
      <Group gap="xs" mb={4}>
        <Text size="sm" fw={600}>
          Addendum
        </Text>
        <Badge size="xs" variant="light">
          DRAFT
        </Badge>
      </Group>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Content data-testid="report-addendum-content" />
      </RichTextEditor>
      {editable && (
        <Group gap={6} mt={6}>
          <Button
            size="xs"
            onClick={() => void act('save')}
            loading={busy === 'save'}
            data-testid="report-addendum-save"
          >
            Save addendum
          </Button>
          <Button
            size="xs"
            color="teal"
            onClick={() => void act('finalize')}
            loading={busy === 'finalize'}
            data-testid="report-addendum-finalize"
          >
            Finalize addendum
          </Button>
        </Group>
      )}
    </Paper>
  );
}
