import { Button, Stack } from '@mantine/core';
import { CONSOLE_ROUTES, WORKLIST } from '@rayworks/contracts';
import { IconFileImport } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { homePath } from '../../../app/access';
import { useSession } from '../../../app/session/useSession';
import { useCan } from '../../../shared/hooks/useCan';
import { NotYetAvailable } from '../../../shared/ui/NotYetAvailable';
import { PageHeader } from '../../../shared/ui/PageHeader';

/** The import screen's window (spec §2: "then the window closes"). */
export const IMPORT_WINDOW_NAME = 'rayworks-import';
const IMPORT_WINDOW_FEATURES = 'popup,width=1280,height=900';

/**
 * /cases: the worklist comes with the next issue; until then the page offers its Import action, which opens the
 * import screen in a window of its own that closes after the import (docs/decisions/0111). When the browser
 * refuses the window, the screen opens here instead.
 */
export function CasesPage() {
  const can = useCan();
  const navigate = useNavigate();
  const { config } = useSession();
  const { pathname } = useLocation();
  const openImport = () => {
    const opened = window.open(CONSOLE_ROUTES.casesImport, IMPORT_WINDOW_NAME, IMPORT_WINDOW_FEATURES);
    if (opened) opened.focus();
    else navigate(CONSOLE_ROUTES.casesImport);
  };
  return (
    <Stack gap={0}>
      <PageHeader
        title="Cases"
        actions={
          can('WORKLIST', WORKLIST.IMPORT) ? (
            <Button leftSection={<IconFileImport size={16} />} onClick={openImport} data-testid="cases-import">
              Import
            </Button>
          ) : null
        }
      />
      <NotYetAvailable
        title="Cases"
        description="The case worklist comes with the next version of the console. Studies can be imported already: use Import."
        withBackLink={homePath(config) !== pathname}
      />
    </Stack>
  );
}
