import { Alert, Badge, Group, Menu, Button, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  isTemplateMismatch,
  studyLabelOf,
  TEMPLATE_MATCH_TEXT,
  templateGroupOf,
  templateMatchOf,
  type FoundTemplate,
} from '@rayworks/contracts';
import { reportingApi, type ReportTemplate } from '../api/reporting-api';

const GROUPS = ['study', 'general', 'other'] as const;

/**
 * The templates of the case's centre and the reader's own, the study's first (/reportTemplates/find with the case:
 * its modality and body part, else the body part its description names; decision 0344), grouped as matching the
 * study, general, and for other body parts or modalities; a warning when the chosen one is for another body part or
 * modality than the study. A structured template's fields offer their normal and abnormal phrases.
 */
export function TemplatePicker({
  caseId,
  centreId,
  disabled,
  chosen,
  onPick,
  onPhrase,
}: {
  caseId: string;
  centreId: string | null;
  disabled: boolean;
  chosen: ReportTemplate | null;
  onPick(template: ReportTemplate): void;
  onPhrase(fieldKey: string, text: string): void;
}) {
  const templates = useQuery({
    queryKey: ['reporting', 'templates', 'for-case', caseId, centreId],
    queryFn: () => reportingApi.templatesFor(caseId, centreId),
    staleTime: 60_000,
  });
  const list: FoundTemplate[] = templates.data?.templates ?? [];
  const study = templates.data?.study ?? null;
  const data = GROUPS.map((g) => ({
    group: TEMPLATE_MATCH_TEXT.groups[g],
    items: list.filter((t) => templateGroupOf(t.match) === g).map((t) => ({ value: t.id, label: t.name })),
  })).filter((g) => g.items.length > 0);
  const mismatch = chosen && study && isTemplateMismatch(templateMatchOf(chosen, study));
  return (
    <Stack gap={4}>
      <Select
        size="xs"
        placeholder={templates.isLoading ? 'Loading templates…' : list.length ? 'Pick a template' : 'No templates'}
        data={data}
        value={chosen?.id ?? null}
        onChange={(id) => {
          const t = list.find((x) => x.id === id);
          if (t) onPick(t);
        }}
        disabled={disabled || list.length === 0}
        searchable
        aria-label="Report template"
        data-testid="report-template-picker"
        data-first-template={list[0]?.name ?? ''}
        comboboxProps={{ withinPortal: true }}
      />
      {mismatch && (
        <Alert color="yellow" variant="light" p={6} data-testid="report-template-mismatch" role="status">
          {TEMPLATE_MATCH_TEXT.mismatch(chosen, studyLabelOf(study))}
        </Alert>
      )}
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
