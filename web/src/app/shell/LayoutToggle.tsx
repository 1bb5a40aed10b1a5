import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLayoutNavbar, IconLayoutSidebar } from '@tabler/icons-react';
import type { LayoutType } from '../../shared/shell/layout-settings';

/** Switches between the horizontal menu bar (default, spec §9) and the vertical sidebar. */
export function LayoutToggle({ layout, onChange }: { layout: LayoutType; onChange: (next: LayoutType) => void }) {
  const next: LayoutType = layout === 'horizontal' ? 'vertical' : 'horizontal';
  const label = next === 'vertical' ? 'Switch to the sidebar menu' : 'Switch to the top menu';
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="default"
        size="lg"
        radius="md"
        aria-label={label}
        data-testid="layout-toggle"
        data-layout={layout}
        onClick={() => onChange(next)}
      >
        {layout === 'horizontal' ? (
          <IconLayoutSidebar size={18} stroke={1.7} />
        ) : (
          <IconLayoutNavbar size={18} stroke={1.7} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
