import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUTH_API, CONSOLE_ROUTES, routeTo, SPECIFIC, type RateCard, type RateCardSummary } from '@rayworks/contracts';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDate, formatDisplayDateTime } from '../../../shared/format';
import { AddLink } from '../../../shared/ui/AddLink';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { EditLink } from '../../../shared/ui/EditLink';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { AssignCentresModal } from '../components/AssignCentresModal';
import { RateCardForm } from '../components/RateCardForm';
import { clientLabel, rupees, validityLabel } from '../hooks/rate-card-form';
import { localToday } from '../hooks/dates';
import {
  billingKeys,
  fetchRateCardsPage,
  RATE_CARDS,
  rateCardPath,
  useRateCard,
  useSaveRateCard,
} from '../hooks/useRateCards';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const { RATE_CARD_ADD, RATE_CARD_EDIT, RATE_CARD_ASSIGN } = SPECIFIC;
const day = (d: string) => formatDisplayDate(`${d}T12:00:00Z`);

const COLUMNS: Column<RateCardSummary>[] = [
  {
    key: 'name',
    label: 'Rate Card',
    sortKey: 'name',
    render: (c) => (
      <div>
        <Text size="sm" fw={500}>
          {c.name}
        </Text>
        <Text size="xs" c="dimmed">
          {clientLabel(c)}
        </Text>
      </div>
    ),
  },
  { key: 'validFrom', label: 'Valid', sortKey: 'validFrom', render: (c) => validityLabel(c, day) },
  { key: 'centres', label: 'Centers', align: 'right', render: (c) => c.centreIds.length },
  { key: 'items', label: 'Items Priced', align: 'right', render: (c) => c.priceCount },
  { key: 'status', label: 'Status', render: (c) => <StatusBadge active={c.isActive} /> },
];

/** /ratecard */
export function RateCardsPage() {
  const navigate = useNavigate();
  const can = useCan();
  return (
    <>
      <PageHeader
        title="Rate Cards"
        description="What each test and package costs at a centre, for a referral or a corporate client."
        actions={
          <AddLink to={CONSOLE_ROUTES.ratecardAdd} allowed={can('RATE_CARDS', RATE_CARD_ADD)} testId="rate-cards-add">
            Add Rate Card
          </AddLink>
        }
      />
      <ServerTable
        id="rate-cards"
        queryKey={billingKeys.list(RATE_CARDS)}
        fetchPage={fetchRateCardsPage}
        columns={COLUMNS}
        rowKey={(c) => c._id}
        searchPlaceholder="Search rate cards"
        defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
        onRowClick={(c) => navigate(rateCardPath(c))}
        emptyText="No rate cards yet."
      />
    </>
  );
}

/** /ratecard/add */
export function AddRateCardPage() {
  const save = useSaveRateCard();
  return (
    <>
      <PageHeader
        title="Add Rate Card"
        crumbs={[{ label: 'Rate Cards', to: CONSOLE_ROUTES.ratecard }, { label: 'Add Rate Card' }]}
      />
      <RateCardForm
        today={localToday()}
        saving={save.isPending}
        onSave={(body) => save.mutate(body)}
        cancelTo={CONSOLE_ROUTES.ratecard}
      />
    </>
  );
}

/** /ratecard/edit/{id} */
export function EditRateCardPage() {
  const query = useRateCard();
  return <QueryState query={query}>{(card) => <EditRateCard card={card} />}</QueryState>;
}

function EditRateCard({ card }: { card: RateCard }) {
  const save = useSaveRateCard(card);
  return (
    <>
      <PageHeader
        title={`Edit ${card.name}`}
        crumbs={[
          { label: 'Rate Cards', to: CONSOLE_ROUTES.ratecard },
          { label: card.name, to: rateCardPath(card) },
          { label: 'Edit' },
        ]}
      />
      <RateCardForm
        key={card.updatedAt}
        card={card}
        today={localToday()}
        saving={save.isPending}
        onSave={(body) => save.mutate(body)}
        cancelTo={rateCardPath(card)}
      />
    </>
  );
}

/** The names of the centres a card is assigned to, from the centre list (those the reader may list). */
function useCentreOptions(ids: readonly string[]) {
  const can = useCan();
  const query = useQuery({
    queryKey: [...queryKeys.list('centers'), 'names'],
    queryFn: ({ signal }) => fetchCentresPage({ page: 1, pageSize: 100, sortDir: 'asc' }, signal),
    enabled: can('CENTERS', 'VIEW') && ids.length > 0,
    staleTime: 60_000,
  });
  const rows = query.data?.items ?? [];
  return ids.map((id) => {
    const centre = rows.find((c) => c._id === id);
    return centre ? centreOption(centre) : { value: id, label: 'Centre' };
  });
}

function useReferralName(id: string | null) {
  const can = useCan();
  return useQuery({
    queryKey: queryKeys.record('referrals', id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getReferral, { body: { id: id! }, signal })).data,
    enabled: Boolean(id) && can('REFERRALS', 'VIEW'),
  }).data?.name;
}

/** /ratecard/view/{id} */
export function RateCardViewPage() {
  const query = useRateCard();
  return <QueryState query={query}>{(card) => <RateCardView card={card} />}</QueryState>;
}

function RateCardView({ card }: { card: RateCard }) {
  const can = useCan();
  const [assigning, setAssigning] = useState(false);
  const centres = useCentreOptions(card.centreIds);
  const referralName = useReferralName(card.referralId);
  return (
    <>
      <PageHeader
        title={card.name}
        badge={<StatusBadge active={card.isActive} />}
        crumbs={[{ label: 'Rate Cards', to: CONSOLE_ROUTES.ratecard }, { label: card.name }]}
        actions={
          <>
            {can('RATE_CARDS', RATE_CARD_ASSIGN) ? (
              <Button
                variant="default"
                leftSection={<IconBuildingHospital size={16} />}
                onClick={() => setAssigning(true)}
                data-testid="rate-card-assign-open"
              >
                Assign Centers
              </Button>
            ) : null}
            <EditLink
              allowed={can('RATE_CARDS', RATE_CARD_EDIT)}
              to={routeTo(CONSOLE_ROUTES.ratecardEdit, { id: card._id })}
              testId="rate-card-edit"
            />
          </>
        }
      />
      <DetailGrid
        details={[
          { label: 'Priced For', value: clientLabel(card, referralName), testId: 'rate-card-client' },
          { label: 'Valid', value: validityLabel(card, day), testId: 'rate-card-validity' },
          {
            label: 'Centers',
            testId: 'rate-card-centres',
            value:
              centres.length === 0 ? (
                'Not assigned yet'
              ) : (
                <Group gap={6}>
                  {centres.map((c) => (
                    <Badge key={c.value} variant="light" radius="sm" tt="none">
                      {c.label}
                    </Badge>
                  ))}
                </Group>
              ),
          },
          { label: 'Created', value: formatDisplayDateTime(card.createdAt) },
          { label: 'Updated', value: formatDisplayDateTime(card.updatedAt) },
        ]}
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="md" data-testid="rate-card-prices">
        <Title order={2} fz="md" mb="sm">
          Prices
        </Title>
        {card.prices.length === 0 ? (
          <Text size="sm" c="dimmed">
            This card prices no test or package yet.
          </Text>
        ) : (
          <>
            <Stack gap="xs" hiddenFrom="sm">
              {card.prices.map((p) => (
                <Paper key={p._id} withBorder radius="sm" p="sm" data-testid={`rate-card-price-card-${p.code}`}>
                  <Text size="sm" fw={600}>
                    {p.code} · {p.name}
                    {p.itemKind === 'PACKAGE' ? ' · Package' : ''}
                  </Text>
                  <SimpleGrid cols={2} spacing={4} mt={6}>
                    {(
                      [
                        ['Price', p.normalMinor],
                        ['Holiday Price', p.holidayMinor],
                        ['Night Price', p.nightMinor],
                        ['Processing Fee', p.processingFeeMinor],
                      ] as const
                    ).map(([label, minor]) => (
                      <div key={label}>
                        <Text size="xs" c="dimmed">
                          {label}
                        </Text>
                        <Text size="sm">{rupees(minor)}</Text>
                      </div>
                    ))}
                  </SimpleGrid>
                </Paper>
              ))}
            </Stack>
            <TableScrollRegion label="Prices" minWidth={720} visibleFrom="sm">
              <Table fz="sm" verticalSpacing={6} data-testid="rate-card-price-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th ta="right">Price</Table.Th>
                    <Table.Th ta="right">Holiday Price</Table.Th>
                    <Table.Th ta="right">Night Price</Table.Th>
                    <Table.Th ta="right">Processing Fee</Table.Th>
                    <Table.Th>Since</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {card.prices.map((p) => (
                    <Table.Tr key={p._id} data-testid={`rate-card-price-${p.code}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {p.code}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {p.name}
                          {p.itemKind === 'PACKAGE' ? ' · Package' : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{rupees(p.normalMinor)}</Table.Td>
                      <Table.Td ta="right">{rupees(p.holidayMinor)}</Table.Td>
                      <Table.Td ta="right">{rupees(p.nightMinor)}</Table.Td>
                      <Table.Td ta="right">{rupees(p.processingFeeMinor)}</Table.Td>
                      <Table.Td>{formatDisplayDate(p.validFrom)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          </>
        )}
      </Paper>
      {assigning ? <AssignCentresModal card={card} known={centres} onClose={() => setAssigning(false)} /> : null}
    </>
  );
}
