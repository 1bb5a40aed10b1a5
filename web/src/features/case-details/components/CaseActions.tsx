import { Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { CASE_ACTION_LABELS, CONSOLE_ROUTES, routeTo, type Case, type CaseAction } from '@rayworks/contracts';
import { DESTRUCTIVE_CASE_ACTIONS } from '@rayworks/lifecycles';
import { IconChevronDown, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CaseActionDialog, type PendingAction } from '../../../shared/cases/CaseActionDialog';
import { ReportOutput, type ReportOutputRequest } from '../../../shared/report-output/ReportOutput';
import { useOpenViewer } from '../../../shared/viewer/useOpenViewer';
import { detailActionKind } from '../hooks/case-details';

interface Props {
  c: Case;
  actions: CaseAction[];
  /** The page carries these out itself (download, chat). */
  onDownload: () => void;
  onChat: () => void;
}

/** The actions shown as buttons first; the rest go under "More". */
const PRIMARY: readonly CaseAction[] = ['ACCEPT', 'REJECT', 'ASSIGN', 'REASSIGN', 'SEND_TO_TYPIST', 'ACCEPT_RECALL'];

/**
 * The case's actions (exactly the allowed ones), with a confirmation (and a reason where one is asked for) before a
 * move, "Open in viewer" (the cloud viewer in a new tab or the Weasis link, as the top bar's Cloud/Exe says), and a refetch after a conflict (409).
 */
export function CaseActions({ c, actions, onDownload, onChat }: Props) {
  const navigate = useNavigate();
  // the worklist's confirmation: the action's route (caseActionRoute), its reason, typist or fusion centre; the case
  // is read again after it (success or conflict)
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [notYet, setNotYet] = useState<string | null>(null);
  const [output, setOutput] = useState<ReportOutputRequest | null>(null);
  const openViewer = useOpenViewer();

  const run = (action: CaseAction) => {
    const kind = detailActionKind(c, action);
    switch (kind) {
      case 'assign':
        navigate(CONSOLE_ROUTES.worklistEdit.replace('*', c._id));
        return;
      case 'update':
        setPending({ row: c, action });
        return;
      case 'download':
        onDownload();
        return;
      case 'chat':
        onChat();
        return;
      case 'viewer':
        openViewer(c._id);
        return;
      case 'report':
        navigate(routeTo(CONSOLE_ROUTES.casesReport, { id: c._id }));
        return;
      case 'mail':
      case 'pdf':
        setOutput({ kind, row: c });
        return;
      case 'later':
        setNotYet(`${CASE_ACTION_LABELS[action]} is not yet available in this version of the console.`);
        return;
    }
  };

  const shown = actions.filter((a) => a !== 'GO_TO_CASE');
  const primary = shown.filter((a) => PRIMARY.includes(a));
  const more = shown.filter((a) => !PRIMARY.includes(a));

  return (
    <>
      <Group gap="xs" data-testid="case-actions">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          onClick={() => run('GO_TO_CASE')}
          data-testid="case-open-viewer"
        >
          Open in viewer
        </Button>
        {primary.map((action) => (
          <Button
            key={action}
            color={DESTRUCTIVE_CASE_ACTIONS.includes(action) ? 'red' : undefined}
            variant={DESTRUCTIVE_CASE_ACTIONS.includes(action) ? 'light' : 'filled'}
            onClick={() => run(action)}
            data-testid={`case-action-${action}`}
          >
            {CASE_ACTION_LABELS[action]}
          </Button>
        ))}
        {more.length ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="case-actions-more">
                More
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid="case-actions-menu">
              {more.map((action) => (
                <Menu.Item
                  key={action}
                  color={DESTRUCTIVE_CASE_ACTIONS.includes(action) ? 'red' : undefined}
                  onClick={() => run(action)}
                  data-testid={`case-action-${action}`}
                >
                  {CASE_ACTION_LABELS[action]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>

      <CaseActionDialog pending={pending} onClose={() => setPending(null)} />

      <ReportOutput request={output} onClose={() => setOutput(null)} />
      <Modal opened={notYet !== null} onClose={() => setNotYet(null)} title="Not yet available" centered size="sm">
        <Stack gap="md">
          <Text size="sm" data-testid="case-not-yet-available">
            {notYet}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotYet(null)}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
