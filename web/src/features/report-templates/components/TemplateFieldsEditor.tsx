import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { PHRASE_KINDS, type PhraseKind, type TemplateField } from '@rayworks/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';

interface Props {
  fields: TemplateField[];
  onChange: (fields: TemplateField[]) => void;
}

/** A key from a label: lower-case letters, digits and '-' (the contract's TEMPLATE_FIELD_KEY). */
export const fieldKeyOf = (label: string, taken: readonly string[]): string => {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^[^a-z]+/, '') || 'field';
  let key = base.slice(0, 40);
  for (let n = 2; taken.includes(key); n += 1) key = `${base.slice(0, 36)}-${n}`;
  return key;
};

/** The structured fields of a template: each a key and label with its pick-list of normal/abnormal phrases. */
export function TemplateFieldsEditor({ fields, onChange }: Props) {
  const set = (i: number, change: Partial<TemplateField>) =>
    onChange(fields.map((f, j) => (j === i ? { ...f, ...change } : f)));
  const add = () => {
    const label = `Field ${fields.length + 1}`;
    onChange([
      ...fields,
      {
        key: fieldKeyOf(
          label,
          fields.map((f) => f.key),
        ),
        label,
        options: [],
      },
    ]);
  };

  return (
    <Stack gap="sm" data-testid="template-fields">
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No structured fields. A field has a pick-list of phrases that fill its placeholder in the body.
        </Text>
      ) : null}
      {fields.map((field, i) => (
        <Card key={i} withBorder padding="sm" data-testid={`template-field-${i}`}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Label"
              value={field.label}
              onChange={(e) => set(i, { label: e.currentTarget.value })}
              style={{ flex: 1 }}
              data-testid={`template-field-label-${i}`}
            />
            <TextInput
              label="Key"
              value={field.key}
              onChange={(e) => set(i, { key: e.currentTarget.value.toLowerCase() })}
              w={160}
              data-testid={`template-field-key-${i}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove field ${field.label}`}
              onClick={() => onChange(fields.filter((_, j) => j !== i))}
              mb={4}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          <Stack gap={6} mt="xs">
            {field.options.map((option, k) => (
              <Group key={k} gap="xs" align="flex-start" wrap="nowrap">
                <Select
                  aria-label="Kind"
                  data={PHRASE_KINDS.map((p) => ({ value: p, label: p === 'normal' ? 'Normal' : 'Abnormal' }))}
                  value={option.kind}
                  onChange={(v) =>
                    set(i, {
                      options: field.options.map((o, m) =>
                        m === k ? { ...o, kind: (v ?? 'normal') as PhraseKind } : o,
                      ),
                    })
                  }
                  w={120}
                  allowDeselect={false}
                  data-testid={`template-phrase-kind-${i}-${k}`}
                />
                <TextInput
                  aria-label="Phrase label"
                  placeholder="Label"
                  value={option.label}
                  onChange={(e) =>
                    set(i, {
                      options: field.options.map((o, m) => (m === k ? { ...o, label: e.currentTarget.value } : o)),
                    })
                  }
                  w={160}
                  data-testid={`template-phrase-label-${i}-${k}`}
                />
                <Textarea
                  aria-label="Phrase"
                  placeholder="The text it fills in"
                  autosize
                  minRows={1}
                  value={option.text}
                  onChange={(e) =>
                    set(i, {
                      options: field.options.map((o, m) => (m === k ? { ...o, text: e.currentTarget.value } : o)),
                    })
                  }
                  style={{ flex: 1 }}
                  data-testid={`template-phrase-text-${i}-${k}`}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Remove phrase"
                  onClick={() => set(i, { options: field.options.filter((_, m) => m !== k) })}
                  mt={6}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlus size={12} />}
                onClick={() =>
                  set(i, {
                    options: [
                      ...field.options,
                      {
                        label: field.options.length === 0 ? 'Normal' : '',
                        text: '',
                        kind: field.options.length === 0 ? 'normal' : 'abnormal',
                      },
                    ],
                  })
                }
                data-testid={`template-phrase-add-${i}`}
              >
                Add phrase
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          data-testid="template-field-add"
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}
