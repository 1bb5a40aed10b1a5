import '@mantine/tiptap/styles.css';
import { Alert, Anchor, Badge, Box, Button, Group, Loader, Menu, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { applyTemplateField, CONSOLE_ROUTES, REPORTING_MESSAGES, unfilledTemplateFields } from '@rayworks/contracts';
import { useEditor, type Editor } from '@tiptap/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatTime } from '../../../shared/format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useCase, useLiveCase } from '../../../shared/cases/useCase';
import { CriticalFlagButton } from './CriticalFlagButton';
import { reportingApi, type Macro, type Report, type ReportTemplate } from '../api/reporting-api';
import { annotationLine } from '../editor-rules';
import { useReportSession } from '../hooks/useReportSession';
import { AddendumPanel } from './AddendumPanel';
import { DeliveryDialog } from '../../../shared/report-output/DeliveryDialog';
import { DictationPanel } from './DictationPanel';
import { FormattingControls } from '../../../shared/editor/FormattingControls';
import { reportExtensions } from '../../../shared/editor/report-extensions';
import { PatientBlock } from './PatientBlock';
import { ReportPdfPreview } from '../../../shared/report-output/ReportPdfPreview';
import { SendToTypistDialog } from './SendToTypistDialog';
import { TemplatePicker } from './TemplatePicker';
import { VersionHistory } from './VersionHistory';
import classes from './ReportEditor.module.css';

const MACROS_KEY = ['reporting', 'macros'] as const;

/** The route of the print view of a report (chrome hidden; prints 500 ms after load). */
export const printPath = (reportId: string) => `/print/report/${encodeURIComponent(reportId)}`;

/**
 * A case's report (docs/decisions/0191-report-editor.md): TipTap through @mantine/tiptap, the patient block,
 * templates and macros, autosave under the lock, the workflow buttons the shared lifecycle allows, version history
 * with differences, print, PDF, mail and SMS, and the viewer's measurements and key images.
 */
export function ReportEditor({ caseId, compact = false }: { caseId: string; compact?: boolean }) {
  const theCase = useCase(caseId);
  useLiveCase(caseId);
  const session = useReportSession(caseId, theCase.data);
  const { report, buttons, phase, lock } = session;

  const queryClient = useQueryClient();
  const centreId = session.report?.centreId ?? null;
  useQuery({
    queryKey: [...MACROS_KEY, centreId],
    queryFn: () => reportingApi.macros(centreId),
    enabled: Boolean(session.report),
    staleTime: 60_000,
  });
  // read when a space is typed: the macros in the cache then (mine, the company's and the case's centre's)
  const macros = useCallback(() => {
    const all = queryClient.getQueriesData<Macro[]>({ queryKey: MACROS_KEY }).flatMap(([, list]) => list ?? []);
    return [...new Map(all.map((m) => [m.id, m])).values()];
  }, [queryClient]);

  const [template, setTemplate] = useState<ReportTemplate | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [delivery, setDelivery] = useState<'mail' | 'sms' | null>(null);
  const [pdfOpen, setPdfOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [addendumOpen, setAddendumOpen] = useState(false);
  const [typistOpen, setTypistOpen] = useState(false);

  const editor = useEditor({
    extensions: reportExtensions(macros, 'Write the report, or pick a template'),
    content: '',
    editable: false,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => session.edited(e.getHTML()),
    onBlur: () => void session.save(),
  });

  // the server's text comes in when the report opens or is reloaded
  useEffect(() => {
    if (!editor || !report) return;
    editor.commands.setContent(report.reportHTML || '', { emitUpdate: false });
    session.baseline(editor.getHTML());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the session says the text is the server's
  }, [editor, session.contentKey, report?.id]);
  useEffect(() => {
    // without an update event: becoming editable is no edit ("Unsaved changes" before typing, issue 25)
    editor?.setEditable(buttons.editable, false);
  }, [editor, buttons.editable]);
  useEffect(() => {
    if (template === null && report?.templateId) {
      // the template already used stays chosen (its fields stay at hand)
      void reportingApi
        .templates(report.study.modality, report.centreId)
        .then((list) => setTemplate(list.find((t) => t.id === report.templateId) ?? null))
        .catch(() => undefined);
    }
  }, [report?.templateId, report?.study.modality, report?.centreId, template]);

  const annotations = useQuery({
    queryKey: ['reporting', 'annotations', caseId],
    queryFn: () => reportingApi.annotations(caseId),
    enabled: buttons.insertMeasurement,
  });

  if (phase === 'loading' && !report) {
    return (
      <Box data-testid="report-editor" data-status="" data-lock="none" data-phase={phase} p="md">
        <Loader size="sm" type="dots" aria-label="Loading the report" />
      </Box>
    );
  }
  if (phase === 'error' || !report) {
    return (
      <Box data-testid="report-editor" data-status="" data-lock="none" data-phase="error" p="md">
        <Alert color="red">The report could not be opened.</Alert>
      </Box>
    );
  }

  const pickTemplate = (t: ReportTemplate) => {
    if (!editor) return;
    setTemplate(t);
    session.chooseTemplate(t.id);
    const empty = editor.getText().trim() === '';
    if (empty) editor.commands.setContent(t.html);
    else editor.chain().focus('end').insertContent(t.html).run();
    session.edited(editor.getHTML());
  };
  const phrase = (key: string, text: string) => {
    if (!editor) return;
    editor.commands.setContent(applyTemplateField(editor.getHTML(), key, text));
    session.edited(editor.getHTML());
  };

  const run = async (name: string, act: () => Promise<{ data: Report; message: string }>, done: string) => {
    setBusy(name);
    session.setNotice(null);
    try {
      if (session.dirty) await session.save();
      const answer = await act();
      session.replace(answer.data);
      // sent on or submitted: the report is someone else's to write now, the lock goes at once
      if (name === 'typist' || name === 'review') await session.handOff();
      toastSuccess(answer.message || done);
    } catch (e) {
      if (!shownByPolicy(e)) toastError(describeError(e));
      session.setNotice(describeError(e));
      // refused for fields still showing their placeholder: the cursor goes to the first of them (decision 0340)
      if (name === 'finalize') focusFirstUnfilled();
    } finally {
      setBusy(null);
    }
  };

  /** Selects the first field still showing its placeholder, in view, so typing fills it. */
  const focusFirstUnfilled = () => {
    if (!editor) return;
    const [first] = unfilledTemplateFields(editor.getHTML());
    if (first) editor.chain().focus().selectTemplateField(first).scrollIntoView().run();
  };

  const insert = (html: string) => {
    editor?.chain().focus().insertContent(html).run();
    if (editor) session.edited(editor.getHTML());
  };

  const lockText =
    lock === 'other'
      ? `${report.lock?.userName ?? 'Someone else'} is editing`
      : lock === 'mine'
        ? session.saving
          ? 'Saving…'
          : session.dirty
            ? 'Unsaved changes'
            : session.lastSavedAt
              ? `Saved at ${formatTime(session.lastSavedAt)}`
              : 'Editing'
        : null;

  // The report's workflow steps the caller may take now, in their order on the toolbar.
  const workflowSteps = [
    {
      shown: buttons.sendToTypist,
      label: 'Send to typist',
      busy: 'typist',
      variant: 'light',
      color: undefined,
      onClick: () => setTypistOpen(true),
      testId: 'report-send-typist',
    },
    {
      shown: buttons.submitForReview,
      label: 'Submit for review',
      busy: 'review',
      variant: 'light',
      color: undefined,
      onClick: () => void run('review', () => reportingApi.submitForReview(caseId), 'Submitted for review'),
      testId: 'report-submit-review',
    },
    {
      shown: buttons.finalize,
      label: 'Finalize',
      busy: 'finalize',
      variant: undefined,
      color: 'teal',
      onClick: () => void run('finalize', () => reportingApi.finalize(caseId), 'Report finalized'),
      testId: 'report-finalize',
    },
  ];
  return (
    <Stack
      gap="xs"
      p={compact ? 'xs' : 0}
      data-testid="report-editor"
      data-status={report.status}
      data-lock={lock}
      data-phase={phase}
      data-version={report.version}
      style={{ height: compact ? '100%' : undefined, minHeight: 0 }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={compact ? 5 : 4}>Report</Title>
          <Badge size="sm" variant="light" data-testid="report-status">
            {report.status.replace('_', ' ')}
          </Badge>
          {report.version > 0 && (
            <Text size="xs" c="dimmed">
              v{report.version}
            </Text>
          )}
        </Group>
        {lockText && (
          <Text size="xs" c={lock === 'other' ? 'orange' : 'dimmed'} data-testid="report-lock-text">
            {lockText}
          </Text>
        )}
      </Group>
      <PatientBlock report={report} />
      {buttons.editable && (
        <TemplatePicker
          caseId={caseId}
          centreId={report.centreId}
          disabled={!buttons.editable}
          chosen={template}
          onPick={pickTemplate}
          onPhrase={phrase}
        />
      )}
      {phase === 'locked-by-other' && (
        <Alert color="orange" data-testid="report-locked">
          {session.notice ?? `${report.lock?.userName ?? 'Someone else'} is working on this report.`}
        </Alert>
      )}
      {phase === 'conflict' && (
        <Alert color="red" data-testid="report-conflict">
          {session.notice ?? 'The report was saved by someone else meanwhile.'}{' '}
          <Anchor component="button" onClick={() => void session.reload()}>
            Reload it
          </Anchor>
        </Alert>
      )}
      {session.notice && phase !== 'locked-by-other' && phase !== 'conflict' && (
        <Alert color="red" data-testid="report-notice" withCloseButton onClose={() => session.setNotice(null)}>
          {session.notice}
          {session.notice === REPORTING_MESSAGES.uploadSignature && (
            <>
              {' '}
              <Anchor component={RouterLink} to={CONSOLE_ROUTES.profileSignature}>
                Upload a signature
              </Anchor>
            </>
          )}
        </Alert>
      )}
      <DictationPanel
        caseId={caseId}
        canRecord={buttons.sendToTypist || buttons.finalize}
        onSpeech={(text) => {
          if (!editor) return;
          editor.chain().focus().insertContent({ type: 'text', text }).run();
          session.edited(editor.getHTML());
        }}
      />
      <Box style={{ flex: compact ? 1 : undefined, minHeight: compact ? 120 : 320, display: 'flex' }}>
        <RichTextEditor
          editor={editor}
          style={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
          data-testid="report-body"
        >
          {buttons.editable && <Toolbar />}
          <ScrollArea.Autosize mah={compact ? undefined : 560} style={{ flex: 1 }} type="auto">
            <RichTextEditor.Content data-testid="report-content" className={classes.content} />
          </ScrollArea.Autosize>
        </RichTextEditor>
      </Box>
      {(report.addenda.length > 0 || addendumOpen) && (
        <AddendumPanel
          report={report}
          editable={buttons.addendum && addendumOpen}
          onChange={session.replace}
          macros={macros}
        />
      )}
      <Group gap={6}>
        {buttons.save && (
          <Button size="xs" onClick={() => void session.save({ announce: true })} data-testid="report-save">
            Save
          </Button>
        )}
        {workflowSteps
          .filter((step) => step.shown)
          .map((step) => (
            <Button
              key={step.testId}
              size="xs"
              variant={step.variant}
              color={step.color}
              loading={busy === step.busy}
              onClick={step.onClick}
              data-testid={step.testId}
            >
              {step.label}
            </Button>
          ))}
        {buttons.addendum && !addendumOpen && (
          <Button size="xs" variant="light" onClick={() => setAddendumOpen(true)} data-testid="report-addendum">
            Addendum
          </Button>
        )}
        {buttons.insertMeasurement && (
          <Menu withinPortal position="top-start" onOpen={() => void annotations.refetch()}>
            <Menu.Target>
              <Button size="xs" variant="default" data-testid="insert-measurement">
                Insert measurement
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {(annotations.data ?? []).length === 0 && <Menu.Label>No measurements or key images saved</Menu.Label>}
              {(annotations.data ?? []).map((a) => (
                <Menu.Item key={a.id} onClick={() => insert(annotationLine(a))} data-testid="insert-measurement-item">
                  {a.kind === 'keyImage' ? '★ ' : ''}
                  {a.label}: {a.value}
                </Menu.Item>
              ))}
              {(annotations.data ?? []).length > 1 && (
                <Menu.Item onClick={() => insert((annotations.data ?? []).map(annotationLine).join(''))}>
                  Insert all
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
        <Box style={{ flex: 1 }} />
        {buttons.versions && (
          <Button size="xs" variant="subtle" onClick={() => setVersionsOpen(true)} data-testid="report-versions">
            Versions
          </Button>
        )}
        {buttons.print && (
          <Button
            size="xs"
            variant="subtle"
            onClick={() => window.open(printPath(report.id), '_blank')}
            data-testid="report-print"
          >
            Print
          </Button>
        )}
        {buttons.pdf && (
          <Button size="xs" variant="subtle" onClick={() => setPdfOpen(true)} data-testid="report-pdf">
            PDF
          </Button>
        )}
        {buttons.mail && (
          <Button size="xs" variant="subtle" onClick={() => setDelivery('mail')} data-testid="report-mail">
            Mail
          </Button>
        )}
        {buttons.sms && (
          <Button size="xs" variant="subtle" onClick={() => setDelivery('sms')} data-testid="report-sms">
            SMS
          </Button>
        )}
        {buttons.critical && <CriticalFlagButton caseId={caseId} />}
      </Group>
      <SendToTypistDialog
        centreId={report.centreId ?? theCase.data?.centreId ?? null}
        opened={typistOpen}
        busy={busy === 'typist'}
        onClose={() => setTypistOpen(false)}
        onSend={(typistId) =>
          void run('typist', () => reportingApi.sendToTypist(caseId, typistId), 'Sent to the Transcriptionist').then(
            () => setTypistOpen(false),
          )
        }
      />
      <VersionHistory caseId={caseId} opened={versionsOpen} onClose={() => setVersionsOpen(false)} />
      {pdfOpen && <ReportPdfPreview caseId={caseId} onClose={() => setPdfOpen(false)} />}
      {delivery && (
        <DeliveryDialog
          channel={delivery}
          target={{
            caseId: report.caseId,
            patientName: report.patient.patientName,
            phoneNumber: report.patient.phoneNumber ?? null,
          }}
          opened
          onClose={() => setDelivery(null)}
        />
      )}
    </Stack>
  );
}

function Toolbar() {
  return (
    <RichTextEditor.Toolbar>
      <FormattingControls />
    </RichTextEditor.Toolbar>
  );
}

export type { Editor };
