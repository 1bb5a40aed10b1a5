import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  CASE_MESSAGES,
  CONSOLE_ROUTES,
  type AssigneeAvailability,
  type AssignResult,
  type Case,
  type CaseAssignee,
} from '@rayworks/contracts';
import { isWithFusion, type CaseActor } from '@rayworks/lifecycles';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { useSession } from '../../../shared/session/useSession';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { toastDone } from '../../../shared/ui/toast';
import { StatusCell } from '../components/CaseCells';
import { useCentreSettings } from '../../../shared/cases/useCaseActions';
import { useAssigneeChoices, useAssignCases, useCasesByIds } from '../hooks/useWorklist';
import { assignedToast, assigneeFilterBody, warnsOffline, type ChosenAssignee } from '../hooks/assign-confirmation';
import { idsOfPath } from '../hooks/assign-path';
import { personName, rowActions, worklistPrivilegesOf } from '../../../shared/cases/worklist-actions';

type Mode = 'radiologist' | 'typist';

/** Whose people read the case: its fusion centre's while it is with one (the fusion side assigns), else its centre's. */
const readingCentreOf = (r: Case): string | null => (isWithFusion(r) ? (r.fusionCentreId ?? null) : r.centreId);
const readingCentreNameOf = (r: Case): string =>
  isWithFusion(r) ? 'Fusion centre' : (r.centreName ?? r.centreId ?? '');

/** Whether a case goes to the chosen person in this mode (what the lifecycle allows this user). */
function assignable(actor: CaseActor, row: Case, mode: Mode): boolean {
  if (mode === 'typist') return row.status === 'IN PROGRESS' && row.typistId === null;
  const actions = rowActions(actor, row);
  return actions.includes('ASSIGN') || actions.includes('REASSIGN');
}

/**
 * /worklist/edit/<ids> (spec §2 "assign a case"): the selected cases, the radiologists of their centre (online first,
 * then the least open work, with their specializations) and — where the centre's typists are chosen by hand — its
 * transcriptionists for cases in progress. One /cases/assign with every case's version; each case's own result is
 * shown when not every case could be assigned (docs/decisions/0155-assign-page.md). The picker filters by
 * specialization and availability (the server keeps the list), choosing someone offline warns and asks before
 * assigning, and the answer is confirmed with the spec's words and the assignee (docs/decisions/0349).
 */
export function AssignCasesPage() {
  const navigate = useNavigate();
  const { profile, config } = useSession();
  const ids = idsOfPath(useParams()['*']);
  const cases = useCasesByIds(ids);
  const actor = useMemo<CaseActor>(
    () => ({
      userId: profile?._id ?? '',
      roleCodes: profile?.roleCodes ?? [],
      privileges: worklistPrivilegesOf(config),
    }),
    [profile?._id, profile?.roleCodes, config],
  );

  const rows = cases.data ?? [];
  const centres = [
    ...new Map(rows.filter((r) => readingCentreOf(r)).map((r) => [readingCentreOf(r)!, readingCentreNameOf(r)])),
  ];
  const [centreChoice, setCentreChoice] = useState<string | null>(null);
  const centreId = centreChoice ?? centres[0]?.[0] ?? null;
  const settings = useCentreSettings(centreId);
  const typingByHand = settings.data?.typistAssignment !== 'AUTOMATIC';
  const [mode, setMode] = useState<Mode>('radiologist');
  const offerTypist = typingByHand && rows.some((r) => readingCentreOf(r) === centreId && r.status === 'IN PROGRESS');
  const effectiveMode: Mode = offerTypist ? mode : 'radiologist';
  const [specialization, setSpecialization] = useState<string | null>(null);
  const [availability, setAvailability] = useState<AssigneeAvailability | 'ALL'>('ALL');
  const choices = useAssigneeChoices(centreId, effectiveMode, assigneeFilterBody({ specialization, availability }));
  const people = choices.data?.assignees ?? [];
  const specializations = choices.data?.specializations ?? [];
  const filtered = specialization !== null || availability !== 'ALL';
  const [chosen, setChosen] = useState<ChosenAssignee | null>(null);
  const choose = (person: CaseAssignee) =>
    setChosen({ id: person.id, fullName: person.fullName, isAvailable: person.isAvailable });
  const [confirmOffline, setConfirmOffline] = useState(false);
  const [results, setResults] = useState<AssignResult[] | null>(null);
  const assign = useAssignCases();

  const ofCentre = rows.filter((r) => readingCentreOf(r) === centreId);
  const going = ofCentre.filter((r) => assignable(actor, r, effectiveMode));
  const missing = ids.length - rows.length;

  const send = () => {
    if (!chosen || going.length === 0) return;
    assign.mutate(
      { cases: going, ...(effectiveMode === 'typist' ? { typistId: chosen.id } : { radiologistId: chosen.id }) },
      {
        onSuccess: ({ results: answered, message }) => {
          const done = assignedToast(answered, message, chosen);
          if (done) toastDone(done.title, done.message);
          if (answered.every((r) => r.status === 'success')) navigate(CONSOLE_ROUTES.cases);
          else setResults(answered);
        },
        onSettled: () => setConfirmOffline(false),
      },
    );
  };
  // someone offline gets the work only after the warning is answered
  const submit = () => (warnsOffline(chosen) ? setConfirmOffline(true) : send());
  const resetChoice = () => {
    setChosen(null);
    setSpecialization(null);
    setAvailability('ALL');
  };

  return (
    <>
      <PageHeader
        title="Assign Case"
        crumbs={[{ label: 'Cases', to: CONSOLE_ROUTES.cases }, { label: 'Assign' }]}
        description={ids.length === 1 ? 'Choose who reads this case.' : `Choose who reads these ${ids.length} cases.`}
      />
      <Stack gap="md" data-testid="assign-page">
        {ids.length === 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
            No case was chosen. Select cases in the worklist, then Assign.
          </Alert>
        ) : null}
        {cases.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not load the cases">
            {describeError(cases.error)}
          </Alert>
        ) : null}
        {missing > 0 && cases.isSuccess ? (
          <Alert color="orange" variant="light" data-testid="assign-missing">
            {missing === 1 ? 'One case is' : `${missing} cases are`} not in your worklist any more.
          </Alert>
        ) : null}
        {centres.length > 1 ? (
          <Group gap="sm">
            <Text size="sm">The cases are of several centres; assign them centre by centre:</Text>
            <SegmentedControl
              value={centreId ?? ''}
              onChange={(value) => {
                setCentreChoice(value);
                resetChoice();
              }}
              data={centres.map(([value, label]) => ({ value, label }))}
            />
          </Group>
        ) : null}

        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            Cases
          </Text>
          {cases.isLoading ? (
            <Skeleton height={60} />
          ) : (
            <TableScrollRegion label="Cases to assign" minWidth={560}>
              <Table verticalSpacing={6} data-testid="assign-cases">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Patient</Table.Th>
                    <Table.Th>Study</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Radiologist</Table.Th>
                    <Table.Th>Centre</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const goes = readingCentreOf(row) === centreId && assignable(actor, row, effectiveMode);
                    const result = results?.find((r) => r._id === row._id);
                    return (
                      <Table.Tr
                        key={row._id}
                        data-testid="assign-case"
                        data-case-id={row._id}
                        data-goes={goes || undefined}
                        style={goes ? undefined : { opacity: 0.55 }}
                      >
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {personName(row.patientName)}
                          </Text>
                          <Text size="xs" c="dimmed">
                            ID {row.patientId}
                          </Text>
                        </Table.Td>
                        <Table.Td>{row.studyDescription || row.modality || '—'}</Table.Td>
                        <Table.Td>
                          <StatusCell row={row} />
                          {result ? (
                            <Text
                              size="xs"
                              c={result.status === 'success' ? 'teal' : 'red'}
                              data-testid="assign-result"
                            >
                              {result.message}
                            </Text>
                          ) : !goes && readingCentreOf(row) === centreId ? (
                            <Text size="xs" c="dimmed">
                              Cannot be assigned now
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>{row.radiologistName ?? '—'}</Table.Td>
                        <Table.Td>{row.centreName ?? '—'}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          )}
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{effectiveMode === 'typist' ? 'Transcriptionist' : 'Radiologist'}</Text>
            {offerTypist ? (
              <SegmentedControl
                value={mode}
                onChange={(value) => {
                  setMode(value as Mode);
                  resetChoice();
                }}
                data={[
                  { value: 'radiologist', label: 'Radiologist' },
                  { value: 'typist', label: 'Transcriptionist' },
                ]}
                data-testid="assign-mode"
              />
            ) : null}
          </Group>
          <Group gap="sm" mb="sm" align="flex-end" wrap="wrap" data-testid="assign-filters">
            {specializations.length > 0 ? (
              <Select
                label="Specialization"
                placeholder="Any specialization"
                data={specializations}
                value={specialization}
                onChange={(value) => {
                  setSpecialization(value);
                  setChosen(null);
                }}
                clearable
                searchable
                w={220}
                data-testid="assign-filter-specialization"
              />
            ) : null}
            <div>
              <Text size="sm" fw={500} mb={4} id="assign-filter-availability-label">
                Availability
              </Text>
              <SegmentedControl
                value={availability}
                onChange={(value) => {
                  setAvailability(value as AssigneeAvailability | 'ALL');
                  setChosen(null);
                }}
                data={[
                  { value: 'ALL', label: 'All' },
                  { value: 'ONLINE', label: 'Online' },
                  { value: 'OFFLINE', label: 'Offline' },
                ]}
                aria-labelledby="assign-filter-availability-label"
                data-testid="assign-filter-availability"
              />
            </div>
          </Group>
          {choices.isLoading ? (
            <Skeleton height={80} />
          ) : choices.isError ? (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title="Could not load who to assign"
            >
              {describeError(choices.error)}
            </Alert>
          ) : people.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="assign-nobody">
              {filtered
                ? 'Nobody matches these filters.'
                : effectiveMode === 'typist'
                  ? 'This centre has no active transcriptionist.'
                  : 'This centre has no active radiologist.'}
            </Text>
          ) : (
            <Radio.Group
              value={chosen?.id ?? null}
              onChange={(id) => {
                const person = people.find((p) => p.id === id);
                if (person) choose(person);
              }}
              name="assignee"
              aria-label="Assign to"
            >
              <TableScrollRegion label="Radiologists to assign to" minWidth={520}>
                <Table verticalSpacing={6} highlightOnHover data-testid="assign-assignees">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40} />
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Availability</Table.Th>
                      <Table.Th>Specializations</Table.Th>
                      <Table.Th ta="right">Open work</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {people.map((person) => (
                      <Table.Tr
                        key={person.id}
                        onClick={() => choose(person)}
                        style={{ cursor: 'pointer' }}
                        data-testid="assign-assignee"
                        data-user-id={person.id}
                        data-available={person.isAvailable}
                      >
                        <Table.Td>
                          <Radio value={person.id} aria-label={person.fullName} />
                        </Table.Td>
                        <Table.Td>{person.fullName}</Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={person.isAvailable ? 'teal' : 'gray'}>
                            {person.isAvailable ? 'Online' : 'Offline'}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {person.specializations.length > 0 ? person.specializations.join(', ') : 'Reads everything'}
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {person.openWork}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            </Radio.Group>
          )}
          {warnsOffline(chosen) ? (
            <Alert
              color="yellow"
              variant="light"
              mt="sm"
              icon={<IconAlertTriangle size={18} />}
              title={CASE_MESSAGES.assigneeOfflineTitle(chosen!.fullName)}
              data-testid="assign-offline-warning"
            >
              {CASE_MESSAGES.assigneeOffline(chosen!.fullName)}
            </Alert>
          ) : null}
        </Paper>

        {cases.isSuccess && going.length === 0 && rows.length > 0 ? (
          <Alert color="orange" variant="light" data-testid="assign-none">
            {CASE_MESSAGES.noPatientsToAssign}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(CONSOLE_ROUTES.cases)}>
            Back to Cases
          </Button>
          <Button
            onClick={submit}
            disabled={!chosen || going.length === 0}
            loading={assign.isPending}
            data-testid="assign-submit"
          >
            {going.length > 1 ? `Assign ${going.length} cases` : 'Assign'}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirmOffline && chosen !== null}
        onClose={() => setConfirmOffline(false)}
        title={chosen ? CASE_MESSAGES.assigneeOfflineTitle(chosen.fullName) : ''}
        text={chosen ? CASE_MESSAGES.assigneeOffline(chosen.fullName) : ''}
        confirmLabel="Assign anyway"
        confirmColor="orange"
        pending={assign.isPending}
        onConfirm={send}
        confirmTestId="assign-offline-confirm"
      />
    </>
  );
}
