import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { OutsourcingLab } from '@rayworks/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { labFormOf, useLabChoices, useSaveLab, type LabForm } from '../hooks/useOutsourcing';

interface Props {
  /** The lab edited, or null to add one. */
  lab: OutsourcingLab | null;
  onClose: () => void;
}

/**
 * Adds or edits an outsourcing lab (docs/decisions/0312): who it is and how to reach it, the lab catalogue's tests it
 * performs with the turnaround it promises, and the analyzer its HL7 results come as (optional).
 */
export function LabDrawer({ lab, onClose }: Props) {
  const [form, setForm] = useState<LabForm>(() => labFormOf(lab));
  const [adding, setAdding] = useState<string | null>(null);
  const choices = useLabChoices();
  const save = useSaveLab(lab?._id ?? null, onClose);
  const set = <K extends keyof LabForm>(key: K, value: LabForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const nameOf = (code: string) => choices.tests.find((t) => t.code === code)?.name ?? code;
  const addTest = (code: string | null) => {
    if (!code || form.tests.some((t) => t.testCode === code)) return;
    const turnaround = choices.tests.find((t) => t.code === code)?.turnaroundHours ?? 24;
    set('tests', [...form.tests, { testCode: code, turnaroundHours: turnaround }]);
    setAdding(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  const text = (key: 'name' | 'code' | 'contactPerson' | 'email' | 'phone', label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={form[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      data-testid={`lab-${key}`}
    />
  );

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={lab ? `Edit ${lab.name}` : 'Add Outsourcing Lab'}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="lab-drawer"
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {text('name', 'Name', true)}
          {text('code', 'Code', true)}
          {text('contactPerson', 'Contact person')}
          <Group grow align="flex-start">
            {text('email', 'E-mail')}
            {text('phone', 'Phone')}
          </Group>
          <Textarea
            label="Address"
            autosize
            minRows={2}
            value={form.address}
            onChange={(e) => set('address', e.currentTarget.value)}
            data-testid="lab-address"
          />
          <Select
            label="Results over HL7 as analyzer"
            description="The lab's ORU^R01 results arrive as this analyzer's, matched by sample barcode"
            placeholder="Not linked"
            clearable
            data={choices.analyzers.map((a) => ({ value: a._id, label: a.name }))}
            value={form.analyzerId}
            onChange={(v) => set('analyzerId', v)}
            data-testid="lab-analyzer"
          />
          <Text fw={600} size="sm" mt="xs">
            Tests performed
          </Text>
          <Select
            label="Add a test"
            placeholder="Search the lab catalogue"
            searchable
            data={choices.tests
              .filter((t) => !form.tests.some((x) => x.testCode === t.code))
              .map((t) => ({ value: t.code, label: `${t.code} — ${t.name}` }))}
            value={adding}
            onChange={addTest}
            nothingFoundMessage="No such test in the lab catalogue"
            data-testid="lab-add-test"
          />
          {form.tests.length === 0 ? (
            <Text size="sm" c="dimmed">
              No tests yet: add the tests this lab performs.
            </Text>
          ) : (
            form.tests.map((t, i) => (
              <Group key={t.testCode} gap="xs" wrap="nowrap" align="flex-end" data-testid={`lab-test-${t.testCode}`}>
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                  <b>{t.testCode}</b> {nameOf(t.testCode)}
                </Text>
                <NumberInput
                  label={i === 0 ? 'Turnaround (hours)' : undefined}
                  aria-label={`Turnaround of ${t.testCode} in hours`}
                  min={1}
                  max={2160}
                  w={140}
                  value={t.turnaroundHours}
                  onChange={(v) =>
                    set(
                      'tests',
                      form.tests.map((x) =>
                        x.testCode === t.testCode ? { ...x, turnaroundHours: Number(v) || 1 } : x,
                      ),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove ${t.testCode}`}
                  onClick={() =>
                    set(
                      'tests',
                      form.tests.filter((x) => x.testCode !== t.testCode),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))
          )}
          <Group justify="flex-end" gap="sm" mt="md">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="lab-save">
              {lab ? 'Save' : 'Add Lab'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
