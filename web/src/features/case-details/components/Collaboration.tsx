import { Paper, Tabs } from '@mantine/core';
import { WORKLIST, type Case, type CaseAction } from '@rayworks/contracts';
import { IconHistory, IconMessages, IconShare, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../shared/hooks/useCan';
import { CaseDownload } from './CaseDownload';
import { CommentsPanel } from './CommentsPanel';
import { PatientHistoryPanel } from './PatientHistoryPanel';
import { RatingPanel } from './RatingPanel';
import { SharePanel } from './SharePanel';

interface Props {
  c: Case;
  actions: CaseAction[];
  /** Bumped when the user asks for the study's download from the actions. */
  downloadRequested: number;
}

/**
 * Around the case (the cases service's collaboration calls, docs/decisions/0142..0146): its chat, the patient's
 * history, a shared read-only link and the study's download, and rating — each shown only with its privilege.
 */
export function Collaboration({ c, actions, downloadRequested }: Props) {
  const can = useCan();
  const canChat = can('WORKLIST', WORKLIST.CHAT, WORKLIST.VIEW);
  const [tab, setTab] = useState<string | null>(canChat ? 'chat' : 'history');
  const canShare = can('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT, WORKLIST.DOWNLOAD_PRINT);
  const canRate = can('WORKLIST', WORKLIST.RATING_FEEDBACK);
  const canDownload = actions.includes('DOWNLOAD_STUDY') || can('WORKLIST', WORKLIST.CASE_DOWNLOAD);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="case-collaboration">
      <Tabs value={tab} onChange={setTab} keepMounted>
        <Tabs.List mb="md">
          {canChat ? (
            <Tabs.Tab value="chat" leftSection={<IconMessages size={14} />} data-testid="case-tab-chat">
              Comments
            </Tabs.Tab>
          ) : null}
          <Tabs.Tab value="history" leftSection={<IconHistory size={14} />} data-testid="case-tab-history">
            Patient history
          </Tabs.Tab>
          {canShare || canDownload ? (
            <Tabs.Tab value="share" leftSection={<IconShare size={14} />} data-testid="case-tab-share">
              Share & download
            </Tabs.Tab>
          ) : null}
          {canRate ? (
            <Tabs.Tab value="rating" leftSection={<IconStar size={14} />} data-testid="case-tab-rating">
              Rating
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        {canChat ? (
          <Tabs.Panel value="chat">
            <CommentsPanel caseId={c._id} canPost={can('WORKLIST', WORKLIST.CHAT)} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="history">
          <PatientHistoryPanel
            caseId={c._id}
            canAdd={can('WORKLIST', WORKLIST.HISTORY_ADD)}
            canEdit={can('WORKLIST', WORKLIST.HISTORY_EDIT)}
            canDelete={can('WORKLIST', WORKLIST.HISTORY_DELETE)}
          />
        </Tabs.Panel>
        {canShare || canDownload ? (
          <Tabs.Panel value="share">
            {canShare ? <SharePanel caseId={c._id} /> : null}
            {canDownload ? (
              <CaseDownload c={c} requested={downloadRequested} onRequested={() => setTab('share')} />
            ) : null}
          </Tabs.Panel>
        ) : null}
        {canRate ? (
          <Tabs.Panel value="rating">
            <RatingPanel c={c} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Paper>
  );
}
