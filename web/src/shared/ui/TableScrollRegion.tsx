import { Table, type TableScrollContainerProps } from '@mantine/core';

interface Props extends Omit<TableScrollContainerProps, 'type' | 'tabIndex' | 'role' | 'aria-label'> {
  /** What the table holds, read out when the region takes the keyboard's focus. */
  label: string;
}

/**
 * A table that scrolls sideways when the screen is narrower than it (a phone): a named region the keyboard can reach
 * and scroll (WCAG 2.1.1; axe's scrollable-region-focusable), with the browser's own scroll bar.
 */
export function TableScrollRegion({ label, ...props }: Props) {
  return <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={label} {...props} />;
}
