import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Centre, RateCard } from '@rayworks/contracts';
import { useState } from 'react';
import { RemoteMultiSelect } from '../../../shared/forms/RemoteSelect';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import { useAssignRateCard } from '../hooks/useRateCards';

/** The centres a card prices from now on (/assign/ratecard): a centre left out stops using it. */
export function AssignCentresModal({
  card,
  known,
  onClose,
}: {
  card: RateCard;
  known: { value: string; label: string }[];
  onClose: () => void;
}) {
  const [centreIds, setCentreIds] = useState<string[]>(card.centreIds);
  const assign = useAssignRateCard(card, onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title={`Assign ${card.name}`}
      centered
      size="lg"
      data-testid="rate-card-assign"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The centres whose visits this card prices from now on. Invoices already issued keep the prices they were
          billed at.
        </Text>
        <RemoteMultiSelect<Centre>
          label="Centers"
          kind="centres"
          fetchPage={fetchCentresPage}
          filter={(c) => c.isActive && !c.isFusion}
          toOption={centreOption}
          known={known}
          value={centreIds}
          onChange={setCentreIds}
          testId="field-centreIds"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button
            loading={assign.isPending}
            onClick={() => assign.mutate(centreIds)}
            data-testid="rate-card-assign-submit"
          >
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
