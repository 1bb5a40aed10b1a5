import { Badge, Grid, Group, Stack } from '@mantine/core';
import { CONSOLE_ROUTES } from '@rayworks/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSession } from '../../../shared/session/useSession';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { AuditTrail } from '../components/AuditTrail';
import { CaseActions } from '../components/CaseActions';
import { Collaboration } from '../components/Collaboration';
import { PatientCard, StudyCard, WorkCard } from '../components/CaseSummary';
import { PatientStudies } from '../components/PatientStudies';
import { caseActorOf, detailActions, personName } from '../hooks/case-details';
import { useCase, useLiveCase } from '../../../shared/cases/useCase';

const PRIORITY_COLOR = { EMERGENT: 'red', STAT: 'orange', ROUTINE: 'gray' } as const;

/** Re-renders every half minute, so the time left stays true. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * /cases/view/:id — a case's details (docs/decisions/0158-case-details-page.md): patient, study and work, the
 * case's allowed actions (the same function as the worklist and the service), its chat, the patient's history,
 * sharing, download and rating, and its audit trail. Updates live when someone moves the case.
 */
export function CaseDetailsPage() {
  const { id } = useParams();
  const query = useCase(id);
  useLiveCase(id);
  const { profile, config } = useSession();
  const actor = useMemo(() => caseActorOf(profile, config), [profile, config]);
  const now = useNow();
  const chatRef = useRef<HTMLDivElement>(null);
  const [downloadRequested, setDownloadRequested] = useState(0);
  return (
    <QueryState query={query}>
      {(c) => {
        const actions = detailActions(actor, c);
        const name = personName(c.patientName);
        return (
          <>
            <PageHeader
              title={name}
              badge={
                <Group gap={6}>
                  <Badge variant="light" radius="sm" data-testid="case-worklist-status">
                    {c.worklistStatus}
                  </Badge>
                  <Badge variant="light" radius="sm" color={PRIORITY_COLOR[c.priority]}>
                    {c.priority}
                  </Badge>
                  {c.legends.map((l) => (
                    <Badge key={l} variant="outline" radius="sm" color={l === 'Emergency' ? 'red' : 'grape'}>
                      {l}
                    </Badge>
                  ))}
                </Group>
              }
              crumbs={[{ label: 'Cases', to: CONSOLE_ROUTES.cases }, { label: name }]}
              actions={
                <CaseActions
                  c={c}
                  actions={actions}
                  onDownload={() => setDownloadRequested((n) => n + 1)}
                  onChat={() => chatRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
                />
              }
            />
            <Grid gap="lg" data-testid="case-details" data-case-id={c._id} data-version={c.version}>
              <Grid.Col span={{ base: 12, lg: 7 }}>
                <Stack gap="lg">
                  <PatientCard c={c} />
                  <StudyCard c={c} />
                  <WorkCard c={c} now={now} />
                  <PatientStudies c={c} />
                </Stack>
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <Stack gap="lg">
                  <div ref={chatRef}>
                    <Collaboration c={c} actions={actions} downloadRequested={downloadRequested} />
                  </div>
                  <AuditTrail caseId={c._id} />
                </Stack>
              </Grid.Col>
            </Grid>
          </>
        );
      }}
    </QueryState>
  );
}
