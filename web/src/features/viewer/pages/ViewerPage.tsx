import { Box, Button, Center, Loader, Stack, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CASE_MESSAGES, WORKLIST } from '@rayworks/contracts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Group as SplitGroup, Panel, Separator } from 'react-resizable-panels';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { ViewerWorkspace } from '../components/ViewerWorkspace';
import { VIEWER_FIT_EVENT, prepareEngine } from '../cornerstone/engine';
import { useViewerSession } from '../hooks/useViewerSession';
import { VIEWER_TEXT } from '../machines/viewer.machine';
import classes from './ViewerPage.module.css';

/**
 * Below this width (phones, a tablet held upright) the images and the report are two tabs, not a split: a split of
 * 768 px left the viewports 440 px and the report 320 (docs/decisions/0362).
 */
export const VIEWER_TABS_BELOW = '(max-width: 899px)';

/**
 * The cloud viewer (route /dicomviewer?case=<id>[&series=<uid>], no menu or top bar; issue 11): Cornerstone3D on
 * imaging's DICOMweb with the case's study token. The root's data-state is the machine's state. The report beside the
 * images is the reporting feature's editor, which the console's screens hand in (a feature imports no other).
 */
export function ViewerPage({ reportPanel }: { reportPanel: (caseId: string) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const caseId = params.get('case');
  const can = useCan();
  const mayReport = can('WORKLIST', WORKLIST.REPORT_VIEW);
  // the report beside the images (?report=1 keeps it open on reload)
  const reportOpen = mayReport && params.get('report') === '1';
  const toggleReport = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (reportOpen) next.delete('report');
        else next.set('report', '1');
        return next;
      },
      { replace: true },
    );
  // The viewports follow the split: Cornerstone measures them again on the window's resize event, keeping the reader's
  // zoom and pan (dragging the split's handle). Opening or closing the report is a new layout: for a moment after it,
  // every relayout fits the images to their narrower or wider viewports instead, as after a grid change.
  const frame = useRef(0);
  const fitUntil = useRef(0);
  const relayout = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() =>
      window.dispatchEvent(new Event(performance.now() < fitUntil.current ? VIEWER_FIT_EVENT : 'resize')),
    );
  }, []);
  useEffect(() => {
    fitUntil.current = performance.now() + 800;
    relayout();
    const settled = window.setTimeout(relayout, 300);
    return () => window.clearTimeout(settled);
  }, [reportOpen, relayout]);
  const seriesUid = params.get('series');
  useState(() => {
    performance.mark('viewer:open');
    // Cornerstone (WebGL, workers) and the engine start while the case opens
    void prepareEngine()
      .then(() => performance.mark('viewer:cornerstone-ready'))
      .catch(() => undefined);
  });
  const { state, open, message, send } = useViewerSession(caseId);
  const [dicomwebExpired, setDicomwebExpired] = useState(false);
  const shownState = dicomwebExpired ? 'expired' : state;
  const onExpired = useCallback(() => {
    setDicomwebExpired(true);
    send({ type: 'EXPIRED' });
  }, [send]);

  useEffect(() => {
    document.title = 'Rayworks Viewer';
  }, []);

  const tabbed = useMediaQuery(VIEWER_TABS_BELOW, false, { getInitialValueInEffect: false });
  // on a phone the report is mounted once first shown, then kept (hidden) so its unsaved text and the images' state
  // both survive switching tabs
  const [reportShown, setReportShown] = useState(reportOpen);
  if (reportOpen && !reportShown) setReportShown(true);
  const reportBody = (caseId: string) => (
    <Box
      data-testid="report-panel"
      style={{
        height: '100%',
        overflow: 'auto',
        background: 'var(--mantine-color-body)',
        color: 'var(--mantine-color-text)',
      }}
    >
      {reportPanel(caseId)}
    </Box>
  );
  const workspace = (withReportToggle: boolean) =>
    open ? (
      <Box className={classes.workspace}>
        <ViewerWorkspace
          open={open}
          initialSeries={seriesUid}
          onExpired={onExpired}
          mayReadReports={mayReport}
          toolbarExtra={
            withReportToggle ? (
              <Button
                size="compact-sm"
                variant={reportOpen ? 'filled' : 'default'}
                onClick={toggleReport}
                aria-pressed={reportOpen}
                data-testid="report-toggle"
              >
                Report
              </Button>
            ) : null
          }
        />
      </Box>
    ) : null;

  return (
    <Box
      component="main"
      data-testid="viewer"
      data-state={shownState}
      data-layout={tabbed && mayReport ? 'tabs' : 'split'}
      style={{ height: '100dvh', display: 'flex', flexDirection: 'column', background: '#111', color: '#ddd' }}
    >
      <VisuallyHidden component="h1">Viewer</VisuallyHidden>
      {shownState === 'loading' && (
        <Center h="100%">
          <Loader type="dots" aria-label="Loading" />
        </Center>
      )}
      {shownState === 'ready' && open && tabbed && mayReport && (
        <Tabs
          value={reportOpen ? 'report' : 'images'}
          onChange={(value) => {
            if ((value === 'report') !== reportOpen) toggleReport();
          }}
          keepMounted
          keepMountedMode="display-none"
          className={classes.tabs}
          data-testid="viewer-tabs"
        >
          <Tabs.List grow className={classes.tabList}>
            <Tabs.Tab value="images" data-testid="images-tab">
              Images
            </Tabs.Tab>
            <Tabs.Tab value="report" data-testid="report-toggle">
              Report
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="images" className={classes.tabPanel}>
            {workspace(false)}
          </Tabs.Panel>
          <Tabs.Panel value="report" className={classes.tabPanel}>
            {reportShown ? reportBody(open.caseId) : null}
          </Tabs.Panel>
        </Tabs>
      )}
      {shownState === 'ready' && open && !(tabbed && mayReport) && (
        <SplitGroup
          orientation="horizontal"
          style={{ flex: 1, minHeight: 0 }}
          onLayoutChange={relayout}
          data-testid="viewer-split"
        >
          <Panel id="viewer-pane" minSize="30%">
            {workspace(mayReport)}
          </Panel>
          {reportOpen && (
            <>
              <Separator
                data-testid="report-split-handle"
                style={{ width: 6, background: '#333', cursor: 'col-resize' }}
              />
              <Panel id="report-pane" defaultSize="42%" minSize="25%">
                {reportBody(open.caseId)}
              </Panel>
            </>
          )}
        </SplitGroup>
      )}
      {shownState === 'cloud-upload-pending' && open && (
        <Message title="Cloud Upload Pending" text={CASE_MESSAGES.cloudUploadPending}>
          <Button component="a" href={open.weasisUrl} data-testid="open-exe-viewer">
            Open in Exe viewer
          </Button>
        </Message>
      )}
      {shownState === 'no-access' && <Message title="No access" text={VIEWER_TEXT.noAccess} />}
      {shownState === 'expired' && <Message title="Link expired" text={VIEWER_TEXT.expired} />}
      {shownState === 'error' && <Message title="Viewer error" text={message ?? VIEWER_TEXT.error} />}
    </Box>
  );
}

function Message({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <Center h="100%">
      <Stack align="center" maw={520} gap="sm">
        <Title order={3} c="#eee">
          {title}
        </Title>
        <Text ta="center" c="#ddd" data-testid="viewer-message">
          {text}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}
