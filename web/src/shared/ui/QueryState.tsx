import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../api/client';
import { PageLoader } from './PageLoader';

interface Props<T> {
  query: { data: T | undefined; isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: (data: T) => ReactNode;
}

/** Loading, error (with a retry) or the data of one record's query. */
export function QueryState<T>({ query, children }: Props<T>) {
  if (query.isLoading) return <PageLoader />;
  if (query.isError || query.data === undefined) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title="Could not load this record"
        data-testid="query-error"
      >
        <Group justify="space-between" align="center">
          <span>{describeError(query.error)}</span>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
