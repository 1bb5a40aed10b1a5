import { Button, Group, Modal, Text } from '@mantine/core';
import { NEW_VERSION_PROMPT } from '@rayworks/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { fetchServedBuild, isNewerBuild, VERSION_CHECK_INTERVAL_MS } from './version-check';

/**
 * Asks the user to refresh when a new version has been installed (spec §4), word for word; reloads on confirm.
 * Checks every minute, whenever the tab comes back into view, and when a screen's code fails to load.
 * Off in the dev server (no build id file there).
 */
export function NewVersionPrompt() {
  const [newer, setNewer] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (import.meta.env.DEV) return;
    const controller = new AbortController();
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      fetchServedBuild(controller.signal)
        .then((served) => {
          if (isNewerBuild(__BUILD_ID__, served)) setNewer(true);
        })
        .catch(() => undefined);
    };
    // A screen's code that fails to load may belong to a replaced build: ask the server which build it has.
    const onPreloadError = () => {
      if (navigator.onLine) check();
    };
    const timer = window.setInterval(check, VERSION_CHECK_INTERVAL_MS);
    document.addEventListener('visibilitychange', check);
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, []);

  return (
    <Modal
      opened={newer && !dismissed}
      onClose={() => setDismissed(true)}
      title="Update available"
      centered
      size="sm"
      data-testid="new-version-prompt"
    >
      <Text size="sm" mb="lg" data-testid="new-version-prompt-text">
        {NEW_VERSION_PROMPT}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setDismissed(true)}>
          Later
        </Button>
        <Button
          leftSection={<IconRefresh size={16} />}
          onClick={() => window.location.reload()}
          data-testid="new-version-refresh"
        >
          Refresh
        </Button>
      </Group>
    </Modal>
  );
}
