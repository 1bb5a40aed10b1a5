import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type Company } from '@rayworks/contracts';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { useCompanyStatus } from '../hooks/useCompanies';

/** Suspend (users cannot log in, sessions end, data kept) or resume a company, after a confirmation. */
export function CompanyStatusAction({ company, allowed }: { company: Company; allowed: boolean }) {
  const [opened, modal] = useDisclosure(false);
  const suspend = company.isActive;
  const verb = suspend ? 'Suspend' : 'Resume';
  const mutation = useCompanyStatus(company, modal.close);
  if (!allowed) return null;
  // Clicks stay here (React bubbles through the modal's portal too): the row must not react.
  return (
    <Box component="span" display="inline-flex" onClick={(event) => event.stopPropagation()}>
      <Button
        size="xs"
        variant="light"
        color={suspend ? 'red' : 'teal'}
        onClick={modal.open}
        aria-label={`${verb} ${company.name}`}
        data-testid={`company-${suspend ? 'suspend' : 'resume'}`}
      >
        {verb}
      </Button>
      <ConfirmModal
        opened={opened}
        onClose={modal.close}
        title={`${verb} company`}
        text={
          suspend
            ? `Suspend ${company.name}? Its users are signed out and cannot log in until it is resumed. Its data is kept.`
            : `Resume ${company.name}? Its users can log in again.`
        }
        confirmLabel={verb}
        confirmColor={suspend ? 'red' : 'teal'}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate()}
        confirmTestId="company-status-confirm"
      />
    </Box>
  );
}
