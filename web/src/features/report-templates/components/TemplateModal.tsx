import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type ReportTemplate, type TemplateField } from '@rayworks/contracts';
import { useState } from 'react';
import { useSaveTemplate } from '../hooks/useReportTemplates';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { TemplateFieldsEditor } from './TemplateFieldsEditor';
import { TemplateHtmlEditor } from './TemplateHtmlEditor';

type Scope = 'company' | 'centre' | 'personal';

interface Draft {
  name: string;
  scope: Scope;
  centreId: string | null;
  modality: string;
  bodyPart: string;
  html: string;
  fields: TemplateField[];
}

const draftOf = (t?: ReportTemplate): Draft => ({
  name: t?.name ?? '',
  scope: t ? (t.ownerId ? 'personal' : t.centreId ? 'centre' : 'company') : 'centre',
  centreId: t?.centreId ?? null,
  modality: t?.modality ?? '',
  bodyPart: t?.bodyPart ?? '',
  html: t?.html ?? '<p></p>',
  fields: t?.fields ?? [],
});

/** Create or edit a template (POST /reportTemplates/create, /update): the body in TipTap, its fields and phrases. */
export function TemplateModal({ template, onClose }: { template?: ReportTemplate; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(template));
  const [tab, setTab] = useState<string | null>('body');
  const [submitted, setSubmitted] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const nameError = draft.name.trim() === '' ? 'Name is required' : null;
  const centreError = draft.scope === 'centre' && !draft.centreId ? 'Centre is required' : null;

  const save = useSaveTemplate(template, onClose);

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={template ? `Edit template: ${template.name}` : 'Add Template'}
      data-testid="template-modal"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!nameError && !centreError)
            save.mutate({
              name: draft.name.trim(),
              personal: draft.scope === 'personal',
              centreId: draft.scope === 'company' ? null : draft.centreId,
              modality: draft.modality.trim() || null,
              bodyPart: draft.bodyPart.trim() || null,
              html: draft.html,
              fields: draft.fields,
            });
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              value={draft.name}
              onChange={(e) => set({ name: e.currentTarget.value })}
              error={submitted ? nameError : null}
              maxLength={120}
              data-testid="template-name"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                For
              </Text>
              <SegmentedControl
                value={draft.scope}
                onChange={(v) => set({ scope: v as Scope })}
                data={[
                  { value: 'centre', label: 'A centre' },
                  { value: 'company', label: 'Every centre' },
                  { value: 'personal', label: 'Only me' },
                ]}
                data-testid="template-scope"
              />
            </Stack>
            {draft.scope !== 'company' ? (
              <CentreSelect
                label="Centre"
                value={draft.centreId}
                onChange={(centreId) => set({ centreId })}
                placeholder={draft.scope === 'personal' ? 'Any' : undefined}
                clearable={draft.scope === 'personal'}
                testId="template-centre"
              />
            ) : (
              <div />
            )}
            <Group grow>
              <TextInput
                label="Modality"
                placeholder="Any (e.g. CT)"
                value={draft.modality}
                onChange={(e) => set({ modality: e.currentTarget.value.toUpperCase() })}
                data-testid="template-modality"
              />
              <TextInput
                label="Body part"
                placeholder="Any (e.g. BRAIN)"
                value={draft.bodyPart}
                onChange={(e) => set({ bodyPart: e.currentTarget.value.toUpperCase() })}
                data-testid="template-body-part"
              />
            </Group>
          </SimpleGrid>
          {centreError && submitted ? (
            <Text size="xs" c="red">
              {centreError}
            </Text>
          ) : null}
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="body" data-testid="template-tab-body">
                Body
              </Tabs.Tab>
              <Tabs.Tab value="fields" data-testid="template-tab-fields">
                Fields and phrases ({draft.fields.length})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="body" pt="sm">
              <TemplateHtmlEditor value={draft.html} onChange={(html) => set({ html })} fields={draft.fields} />
            </Tabs.Panel>
            <Tabs.Panel value="fields" pt="sm">
              <TemplateFieldsEditor fields={draft.fields} onChange={(fields) => set({ fields })} />
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="template-save">
              {template ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
