import { SegmentedControl, Tooltip } from '@mantine/core';
import { DEFAULT_VIEWER, usePreferences, type ViewerChoice } from '../../shared/session/usePreferences';

/** Cloud/Exe switch (spec §2): which viewer opens cases; saved with /setpreferences. */
export function ViewerSwitch() {
  const { preferences, save, isLoading } = usePreferences();
  const value: ViewerChoice = preferences?.viewer ?? DEFAULT_VIEWER;
  return (
    <Tooltip label="Viewer that opens cases: cloud viewer or the desktop application" withArrow openDelay={300}>
      <SegmentedControl
        size="xs"
        radius="md"
        value={value}
        disabled={isLoading}
        onChange={(next) => save({ viewer: next as ViewerChoice })}
        data={[
          { label: 'Cloud', value: 'cloud' },
          { label: 'Exe', value: 'exe' },
        ]}
        aria-label="Viewer"
        data-testid="viewer-switch"
        data-value={value}
      />
    </Tooltip>
  );
}
