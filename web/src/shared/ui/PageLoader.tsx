import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code or first data loads. */
export function PageLoader() {
  return (
    <Center py={80} data-testid="page-loader">
      <Loader size="md" type="dots" aria-label="Loading" />
    </Center>
  );
}
