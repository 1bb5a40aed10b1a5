import { Badge, Checkbox, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { hasPrivilege, SUBMODULES, type PermissionConfig, type SubmoduleType } from '@rayworks/contracts';
import {
  grantCount,
  MATRIX,
  MODULE_LABELS,
  privilegeLabel,
  setRow,
  toggleCode,
  type Grants,
} from '../../../shared/directory/privilege-matrix';
import classes from './PrivilegeMatrix.module.css';

interface Props {
  value: Grants;
  onChange?: (next: Grants) => void;
  /** The editor's own configuration: a user grants only what they hold themselves. Omit to allow everything. */
  grantable?: PermissionConfig;
  readOnly?: boolean;
}

/**
 * The privilege matrix of a role: for each module, rows of submodule types and their codes as checkboxes,
 * with a whole-row switch (libs/contracts SUBMODULES is the catalogue).
 */
export function PrivilegeMatrix({ value, onChange, grantable, readOnly = false }: Props) {
  const canGrant = (type: SubmoduleType, code: string) =>
    !grantable || hasPrivilege(grantable, { module: SUBMODULES[type].module, type, anyOf: [code] });
  return (
    <Stack gap="md" data-testid="privilege-matrix">
      {MATRIX.map(({ module, rows }) => {
        const held = rows.reduce((n, row) => n + (value[row.type]?.length ?? 0), 0);
        return (
          <Paper key={module} withBorder radius="md" data-testid={`privilege-module-${module}`}>
            <Group justify="space-between" px="md" py="xs" className={classes.moduleHeader}>
              <Title order={3} fz="sm">
                {MODULE_LABELS[module]}
              </Title>
              <Badge variant="light" color={held > 0 ? 'blue' : 'gray'}>
                {held} selected
              </Badge>
            </Group>
            <Table verticalSpacing={8} horizontalSpacing="md" className={classes.table}>
              <Table.Tbody>
                {rows.map((row) => {
                  const selected = new Set(value[row.type] ?? []);
                  const allowedCodes = row.codes.filter((code) => canGrant(row.type, code));
                  const all = allowedCodes.length > 0 && allowedCodes.every((c) => selected.has(c));
                  const some = !all && row.codes.some((c) => selected.has(c));
                  return (
                    <Table.Tr key={row.type} data-testid={`privilege-row-${row.type}`}>
                      <Table.Td w={210} className={classes.rowHead}>
                        {readOnly ? (
                          <Text size="sm" fw={500}>
                            {row.label}
                          </Text>
                        ) : (
                          <Checkbox
                            label={row.label}
                            checked={all}
                            indeterminate={some}
                            disabled={allowedCodes.length === 0}
                            onChange={(event) =>
                              onChange?.(
                                setRow(
                                  value,
                                  row.type,
                                  event.currentTarget.checked
                                    ? [...new Set([...selected, ...allowedCodes])]
                                    : row.codes.filter((c) => selected.has(c) && !allowedCodes.includes(c)),
                                ),
                              )
                            }
                            styles={{ label: { fontWeight: 500 } }}
                            data-testid={`privilege-row-toggle-${row.type}`}
                          />
                        )}
                        <Text size="xs" c="dimmed" ff="monospace" mt={2}>
                          {row.type}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="wrap">
                          {row.codes.map((code) => {
                            const checked = selected.has(code);
                            if (readOnly) {
                              return checked ? (
                                <Badge
                                  key={code}
                                  variant="light"
                                  radius="sm"
                                  tt="none"
                                  data-testid={`privilege-${row.type}-${code}`}
                                >
                                  {privilegeLabel(code)}
                                </Badge>
                              ) : null;
                            }
                            const allowed = canGrant(row.type, code);
                            const box = (
                              <Checkbox
                                key={code}
                                size="xs"
                                label={privilegeLabel(code)}
                                title={code}
                                checked={checked}
                                disabled={!allowed && !checked}
                                onChange={(event) =>
                                  onChange?.(toggleCode(value, row.type, code, event.currentTarget.checked))
                                }
                                className={classes.code}
                                data-testid={`privilege-${row.type}-${code}`}
                              />
                            );
                            return allowed ? (
                              box
                            ) : (
                              <Tooltip key={code} label="You can only grant privileges you hold" withArrow>
                                <span>{box}</span>
                              </Tooltip>
                            );
                          })}
                          {readOnly && selected.size === 0 ? (
                            <Text size="xs" c="dimmed">
                              None
                            </Text>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
      <Text size="xs" c="dimmed" data-testid="privilege-count">
        {grantCount(value)} privileges selected in total.
      </Text>
    </Stack>
  );
}
