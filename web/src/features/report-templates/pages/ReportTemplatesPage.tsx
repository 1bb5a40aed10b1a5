import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CONSOLE_ROUTES, GENERIC, type ReportTemplate } from '@rayworks/contracts';
import { IconLayout, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { MacrosPanel } from '../components/MacrosPanel';
import { TemplateModal } from '../components/TemplateModal';
import { useReportTemplates, type TemplateFilters, templateStatus } from '../hooks/useReportTemplates';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const ACTIVE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const scopeOf = (t: ReportTemplate) => (t.ownerId ? 'Only me' : t.centreId ? 'Centre' : 'Every centre');

/**
 * /reportTemplates: report templates (company, centre, one's own) by modality and body part, with the active switch;
 * add and edit in TipTap with fields and phrases; a macros tab; a link to the layout configuration (/custom-template).
 */
export function ReportTemplatesPage() {
  const can = useCan();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [modality, setModality] = useState('');
  const [bodyPart, setBodyPart] = useState('');
  const [centreId, setCentreId] = useState<string | null>(null);
  const [active, setActive] = useState('all');
  const [dialog, setDialog] = useState<{ template?: ReportTemplate } | null>(null);
  const filters: TemplateFilters = {
    ...(debounced ? { search: debounced } : {}),
    ...(modality.trim() ? { modality: modality.trim() } : {}),
    ...(bodyPart.trim() ? { bodyPart: bodyPart.trim() } : {}),
    ...(centreId ? { centreId } : {}),
    ...(active === 'all' ? {} : { active: active === 'active' }),
  };
  const templates = useReportTemplates(filters);
  const canCreate = can('TEMPLATES', GENERIC.CREATE);
  const canEdit = can('TEMPLATES', GENERIC.EDIT);

  return (
    <>
      <PageHeader
        title="Report Templates"
        description="Templates by modality and body part for a centre, every centre or yourself, with structured fields and text macros."
        actions={
          <Group gap="sm">
            {can('TEMPLATES', GENERIC.CREATE, GENERIC.EDIT) ? (
              <Button
                component={Link}
                to={CONSOLE_ROUTES.customTemplate}
                variant="default"
                leftSection={<IconLayout size={16} />}
                data-testid="report-layout-link"
              >
                Report Layout
              </Button>
            ) : null}
            {canCreate ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})} data-testid="templates-add">
                Add Template
              </Button>
            ) : null}
          </Group>
        }
      />
      <Tabs defaultValue="templates">
        <Tabs.List mb="md">
          <Tabs.Tab value="templates" data-testid="tab-templates">
            Templates
          </Tabs.Tab>
          <Tabs.Tab value="macros" data-testid="tab-macros">
            Macros
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <Stack gap="sm">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <TextInput
                label="Search"
                placeholder="Template name"
                leftSection={<IconSearch size={14} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={220}
                data-testid="templates-search"
              />
              <TextInput
                label="Modality"
                placeholder="Any"
                value={modality}
                onChange={(e) => setModality(e.currentTarget.value.toUpperCase())}
                w={110}
                data-testid="templates-modality"
              />
              <TextInput
                label="Body part"
                placeholder="Any"
                value={bodyPart}
                onChange={(e) => setBodyPart(e.currentTarget.value.toUpperCase())}
                w={130}
                data-testid="templates-body-part"
              />
              <div style={{ width: 240 }}>
                <CentreSelect
                  label="Centre"
                  placeholder="Any"
                  value={centreId}
                  onChange={setCentreId}
                  clearable
                  testId="templates-centre"
                />
              </div>
              <Select
                label="Status"
                data={ACTIVE_OPTIONS}
                value={active}
                onChange={(v) => setActive(v ?? 'all')}
                allowDeselect={false}
                w={120}
                data-testid="templates-active"
              />
            </Group>
            <QueryState query={templates}>
              {(list) =>
                list.length === 0 ? (
                  <Text c="dimmed" size="sm" py="lg" ta="center" data-testid="templates-empty">
                    No templates match.
                  </Text>
                ) : (
                  <TableScrollRegion label="Report templates" minWidth={720}>
                    <Table striped highlightOnHover data-testid="templates-table">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Name</Table.Th>
                          <Table.Th>Modality</Table.Th>
                          <Table.Th>Body part</Table.Th>
                          <Table.Th>For</Table.Th>
                          <Table.Th>Fields</Table.Th>
                          <Table.Th>Active</Table.Th>
                          <Table.Th />
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.map((t) => (
                          <Table.Tr key={t.id} data-testid={`template-row-${t.name}`}>
                            <Table.Td>
                              <Text size="sm" fw={500}>
                                {t.name}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              {t.modality ?? (
                                <Text span c="dimmed" size="sm">
                                  Any
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              {t.bodyPart ?? (
                                <Text span c="dimmed" size="sm">
                                  Any
                                </Text>
                              )}
                            </Table.Td>
                            <Table.Td>
                              <Badge
                                variant="light"
                                tt="none"
                                color={t.ownerId ? 'grape' : t.centreId ? 'blue' : 'gray'}
                              >
                                {scopeOf(t)}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{t.fields.length}</Table.Td>
                            <Table.Td>
                              <ActiveToggle
                                entity="Template"
                                name={t.name}
                                active={t.isActive}
                                allowed={can('TEMPLATES', GENERIC.ISACTIVE)}
                                {...templateStatus(t.id)}
                                testId={`template-active-${t.name}`}
                              />
                            </Table.Td>
                            <Table.Td w={56}>
                              {canEdit ? (
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`Edit ${t.name}`}
                                  onClick={() => setDialog({ template: t })}
                                  data-testid={`template-edit-${t.name}`}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              ) : null}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScrollRegion>
                )
              }
            </QueryState>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="macros">
          <MacrosPanel />
        </Tabs.Panel>
      </Tabs>
      {dialog ? <TemplateModal template={dialog.template} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
