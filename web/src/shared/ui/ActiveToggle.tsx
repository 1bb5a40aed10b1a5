import { Box, Switch, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminMessages } from '@rayworks/contracts';
import { ConfirmModal } from './ConfirmModal';
import { toastSuccess } from './toast';

interface Props {
  /** The entity's name in confirmations, e.g. "User" → 'User Activated Successfully'. */
  entity: string;
  name: string;
  active: boolean;
  allowed: boolean;
  change: (next: boolean) => Promise<unknown>;
  /** Query keys to refresh after the change. */
  invalidate: readonly (readonly unknown[])[];
  testId?: string;
  /** Show "Active" beside the switch (headers of view screens). */
  withLabel?: boolean;
}

/** Activate / inactivate with a confirmation, then adminMessages(entity).activated / .inactivated. */
export function ActiveToggle({
  entity,
  name,
  active,
  allowed,
  change,
  invalidate,
  testId = 'active-toggle',
  withLabel = false,
}: Props) {
  const [opened, modal] = useDisclosure(false);
  const queryClient = useQueryClient();
  const messages = adminMessages(entity);
  const mutation = useMutation({
    mutationFn: () => change(!active),
    onSuccess: async () => {
      modal.close();
      toastSuccess(active ? messages.inactivated : messages.activated);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
  const verb = active ? 'Inactivate' : 'Activate';
  const toggle = (
    <Switch
      checked={active}
      onChange={() => modal.open()}
      disabled={!allowed}
      color="teal"
      size="sm"
      label={withLabel ? 'Active' : undefined}
      // With its visible label the name starts with it (WCAG 2.5.3); without, it says what the switch does.
      aria-label={withLabel ? `Active: ${name}` : `${verb} ${name}`}
      data-testid={testId}
      data-active={active}
    />
  );
  // Clicks stay here (React bubbles through the modal's portal too): a toggle in a list row must not open the row.
  return (
    <Box component="span" display="inline-flex" onClick={(event) => event.stopPropagation()}>
      {allowed ? toggle : <Tooltip label="You may not change the status">{<span>{toggle}</span>}</Tooltip>}
      <ConfirmModal
        opened={opened}
        onClose={modal.close}
        title={`${verb} ${entity.toLowerCase()}`}
        text={
          active
            ? `Inactivate ${name}? It stays on record but can no longer be used.`
            : `Activate ${name}? It can be used again.`
        }
        confirmLabel={verb}
        confirmColor={active ? 'red' : 'teal'}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate()}
        confirmTestId={`${testId}-confirm`}
      />
    </Box>
  );
}
