import { Badge, Button, Group, Paper } from '@mantine/core';
import { CONSOLE_ROUTES, routeTo } from '@rayworks/contracts';
import { IconEye } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { useCase } from '../../../shared/cases/useCase';
import { personName } from '../../../shared/cases/worklist-actions';
import { useOpenViewer } from '../../../shared/viewer/useOpenViewer';
import { ReportEditor } from '../components/ReportEditor';

/**
 * /cases/report/:id — a case's report on its own page (docs/decisions/0191-report-editor.md): the typist's screen,
 * the addendum's, and the worklist's and case details' Report action. The viewer opens beside it on request.
 */
export function ReportPage() {
  const { id } = useParams();
  const query = useCase(id);
  const openViewer = useOpenViewer();
  return (
    <QueryState query={query}>
      {(c) => {
        const name = personName(c.patientName);
        return (
          <>
            <PageHeader
              title={`Report · ${name}`}
              badge={
                <Badge variant="light" radius="sm" data-testid="case-worklist-status">
                  {c.worklistStatus}
                </Badge>
              }
              crumbs={[
                { label: 'Cases', to: CONSOLE_ROUTES.cases },
                { label: name, to: routeTo(CONSOLE_ROUTES.casesView, { id: c._id }) },
                { label: 'Report' },
              ]}
              actions={
                <Group gap="xs">
                  <Button
                    variant="default"
                    leftSection={<IconEye size={16} />}
                    onClick={() => openViewer(c._id)}
                    data-testid="report-open-viewer"
                  >
                    Viewer
                  </Button>
                </Group>
              }
            />
            <Paper withBorder p="md" maw={1000}>
              <ReportEditor caseId={c._id} />
            </Paper>
          </>
        );
      }}
    </QueryState>
  );
}
