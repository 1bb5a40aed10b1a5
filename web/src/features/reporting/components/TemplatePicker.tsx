import { Badge, Group, Menu, Button, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { reportingApi, type ReportTemplate } from '../api/reporting-api';

/**
 * The templates of the case's centre and the reader's own, for the case's modality (/reportTemplates/find); a
 * structured template's fields offer their normal and abnormal phrases.
 */
export function TemplatePicker({
  modality,
  centreId,
  disabled,
  chosen,
  onPick,
  onPhrase,
}: {
  modality: string | null;
  centreId: string | null;
  disabled: boolean;
  chosen: ReportTemplate | null;
  onPick(template: ReportTemplate): void;
  onPhrase(fieldKey: string, text: string): void;
}) {
  const templates = useQuery({
    queryKey: ['reporting', 'templates', modality, centreId],
    queryFn: () => reportingApi.templates(modality, centreId),
    staleTime: 60_000,
  });
  const list = templates.data ?? [];
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        placeholder={templates.isLoading ? 'Loading templates…' : list.length ? 'Pick a template' : 'No templates'}
        data={list.map((t) => ({ value: t.id, label: t.name }))}
        value={chosen?.id ?? null}
        onChange={(id) => {
          const t = list.find((x) => x.id === id);
          if (t) onPick(t);
        }}
        disabled={disabled || list.length === 0}
        searchable
        aria-label="Report template"
        data-testid="report-template-picker"
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && chosen.fields.length > 0 && (
        <Group gap={4} data-testid="report-template-fields">
          {chosen.fields.map((field) => (
            <Menu key={field.key} withinPortal position="bottom-start">
              <Menu.Target>
                <Button size="compact-xs" variant="light" disabled={disabled} data-testid="report-field">
                  {field.label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {field.options.map((o) => (
                  <Menu.Item
                    key={o.label}
                    onClick={() => onPhrase(field.key, o.text)}
                    data-testid="report-field-option"
                    data-option={o.label}
                    rightSection={
                      <Badge size="xs" color={o.kind === 'abnormal' ? 'red' : 'teal'} variant="light">
                        {o.kind}
                      </Badge>
                    }
                  >
                    {o.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
        </Group>
      )}
    </Stack>
  );
}
