import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useState } from 'react';
import {
  FIXED_COLUMNS,
  toggleColumn,
  WORKLIST_COLUMN_CATALOGUE,
  type WorklistColumnId,
} from '../hooks/worklist-columns';

interface Props {
  columns: readonly WorklistColumnId[];
  onToggle: (id: WorklistColumnId) => void;
}

/**
 * Which columns the worklist shows, saved as the user's preference (useColumnPreference). A box follows its click in
 * the click's own render, even while a busy worklist is still drawing the new column; the saved preference, when it
 * comes back (or is put back after a refused save), is what the boxes show again.
 */
export function ColumnChooser({ columns, onToggle }: Props) {
  const [shown, setShown] = useState(columns);
  const [given, setGiven] = useState(columns);
  if (given !== columns) {
    setGiven(columns);
    setShown(columns);
  }
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />} data-testid="worklist-columns">
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="xs" c="dimmed" mb="xs">
          Shown columns (saved for you)
        </Text>
        <Stack gap={6} data-testid="worklist-columns-list">
          {WORKLIST_COLUMN_CATALOGUE.map((column) => (
            <Checkbox
              key={column.id}
              label={column.label}
              checked={shown.includes(column.id)}
              disabled={FIXED_COLUMNS.includes(column.id)}
              onChange={() => {
                setShown(toggleColumn(shown, column.id));
                onToggle(column.id);
              }}
              data-testid="worklist-column-toggle"
              data-column={column.id}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
