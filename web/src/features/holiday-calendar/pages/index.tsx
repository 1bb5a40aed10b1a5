import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { GENERIC, SPECIFIC, type Holiday } from '@rayworks/contracts';
import { IconClock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { useCan } from '../../../shared/hooks/useCan';
import { useSession } from '../../../shared/session/useSession';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { ClockModal, HolidayModal } from '../components/CalendarModals';
import { calendarYears, holidayDay, nightLabel } from '../hooks/calendar-form';
import { billingKeys, fetchHolidaysOf, HOLIDAYS, useBillingSettings, useDeleteHoliday } from '../hooks/useCalendar';

const { HOLIDAY_CALENDAR_EDIT } = SPECIFIC;

/** The centre and year the calendar shows, in the address bar (a user with one centre starts on it). */
function useCalendarChoice() {
  const [params, setParams] = useSearchParams();
  const { profile } = useSession();
  const own = profile?.centerID ?? [];
  const thisYear = new Date().getFullYear();
  const centreId = params.get('centre') ?? (own.length === 1 ? own[0]! : null);
  const year = Number(params.get('year')) || thisYear;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return {
    centreId,
    year,
    thisYear,
    setCentre: (id: string | null) => set('centre', id),
    setYear: (y: string | null) => set('year', y),
  };
}

/** /holidayCalender: a centre's holidays by year (holiday prices), and its clock (time zone, night prices). */
export function HolidayCalendarPage() {
  const can = useCan();
  const { profile } = useSession();
  const choice = useCalendarChoice();
  const [dialog, setDialog] = useState<'holiday' | 'clock' | null>(null);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const settings = useBillingSettings(choice.centreId);
  const remove = useDeleteHoliday(() => setDeleting(null));
  const mayEdit = can('FINANCE', HOLIDAY_CALENDAR_EDIT);
  const fetchPage = useMemo(
    () => (choice.centreId ? fetchHolidaysOf(choice.centreId, choice.year) : null),
    [choice.centreId, choice.year],
  );
  const own = profile?.centerID ?? [];
  const centreLabel =
    choice.centreId && own.length === 1 && own[0] === choice.centreId && profile?.centerName
      ? { value: choice.centreId, label: profile.centerName }
      : choice.centreId
        ? { value: choice.centreId, label: 'the chosen centre' }
        : null;

  const columns: Column<Holiday>[] = [
    { key: 'date', label: 'Date', sortKey: 'date', render: (h) => holidayDay(h.date) },
    { key: 'name', label: 'Holiday', sortKey: 'name', render: (h) => h.name },
    ...(mayEdit
      ? [
          {
            key: 'actions',
            label: '',
            align: 'right' as const,
            width: 60,
            render: (h: Holiday) => (
              <Tooltip label="Delete holiday">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${h.name}`}
                  onClick={() => setDeleting(h)}
                  data-testid={`holiday-delete-${h.date}`}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title="Holiday Calender"
        description="Visits on a centre's holiday are billed at the holiday price; visits in its night window at the night price."
        actions={
          mayEdit && choice.centreId ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog('holiday')} data-testid="holiday-add">
              Add Holiday
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <CentreSelect
            label="Centre"
            value={choice.centreId}
            onChange={choice.setCentre}
            placeholder="Choose a centre"
            testId="calendar-centre"
          />
          <Select
            label="Year"
            value={String(choice.year)}
            onChange={choice.setYear}
            data={calendarYears(choice.thisYear).map(String)}
            allowDeselect={false}
            data-testid="calendar-year"
          />
          <Stack gap={2} data-testid="calendar-clock">
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                Night prices
              </Text>
              {can('FINANCE', GENERIC.EDIT) && settings.data ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconClock size={14} />}
                  onClick={() => setDialog('clock')}
                  data-testid="clock-edit"
                >
                  Edit
                </Button>
              ) : null}
            </Group>
            <Text size="sm" data-testid="calendar-night">
              {settings.data ? nightLabel(settings.data) : '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {settings.data ? `Clock: ${settings.data.timeZone}` : ''}
            </Text>
          </Stack>
        </SimpleGrid>
      </Paper>

      {fetchPage ? (
        <>
          <Title order={2} fz="md" mb="xs">
            Holidays in {choice.year}
          </Title>
          <ServerTable
            id="holidays"
            queryKey={[...billingKeys.list(HOLIDAYS), choice.centreId, choice.year]}
            fetchPage={fetchPage}
            columns={columns}
            rowKey={(h) => h._id}
            searchPlaceholder="Search holidays"
            defaultSort={{ sortBy: 'date', sortDir: 'asc' }}
            emptyText={`No holidays in ${choice.year} yet.`}
          />
        </>
      ) : (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text c="dimmed">Choose a centre to see its holiday calendar.</Text>
        </Paper>
      )}

      {dialog === 'holiday' ? (
        <HolidayModal centre={centreLabel} listCentres={can('CENTERS', GENERIC.VIEW)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'clock' && settings.data ? (
        <ClockModal settings={settings.data} onClose={() => setDialog(null)} />
      ) : null}
      {deleting ? (
        <ConfirmModal
          opened
          title="Delete holiday"
          text={`Delete ${deleting.name} (${holidayDay(deleting.date)})? Visits on that day will be billed at the normal price.`}
          confirmLabel="Delete"
          confirmColor="red"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(deleting._id)}
          onClose={() => setDeleting(null)}
          confirmTestId="holiday-delete-confirm"
        />
      ) : null}
    </>
  );
}
