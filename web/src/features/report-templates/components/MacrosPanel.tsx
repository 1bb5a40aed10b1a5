import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { GENERIC, MACRO_CODE, type Macro } from '@rayworks/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../shared/hooks/useCan';
import { QueryState } from '../../../shared/ui/QueryState';
import { useDeleteMacro, useMacros, useSaveMacro } from '../hooks/useReportTemplates';
import { CentreSelect } from '../../../shared/forms/CentreSelect';

type Scope = 'company' | 'centre' | 'personal';

function MacroModal({ macro, onClose }: { macro?: Macro; onClose: () => void }) {
  const [code, setCode] = useState(macro?.code ?? '.');
  const [text, setText] = useState(macro?.text ?? '');
  const [scope, setScope] = useState<Scope>(
    macro ? (macro.ownerId ? 'personal' : macro.centreId ? 'centre' : 'company') : 'personal',
  );
  const [centreId, setCentreId] = useState<string | null>(macro?.centreId ?? null);
  const [submitted, setSubmitted] = useState(false);
  const codeError = MACRO_CODE.test(code.trim())
    ? null
    : 'A macro code is a dot followed by letters or digits, e.g. .nad';
  const textError = text.trim() === '' ? 'Text is required' : null;
  const save = useSaveMacro(macro, onClose);
  return (
    <Modal opened onClose={onClose} title={macro ? `Edit macro ${macro.code}` : 'Add Macro'} data-testid="macro-modal">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!codeError && !textError)
            save.mutate({
              code: code.trim(),
              text: text.trim(),
              personal: scope === 'personal',
              centreId: scope === 'company' ? null : centreId,
            });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Code"
            description="Typed in a report and followed by a space or Enter, it becomes the text."
            withAsterisk
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={submitted ? codeError : null}
            maxLength={20}
            data-testid="macro-code"
          />
          <Textarea
            label="Text"
            withAsterisk
            autosize
            minRows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={submitted ? textError : null}
            data-testid="macro-text"
          />
          <SegmentedControl
            value={scope}
            onChange={(v) => setScope(v as Scope)}
            data={[
              { value: 'personal', label: 'Only me' },
              { value: 'centre', label: 'A centre' },
              { value: 'company', label: 'Every centre' },
            ]}
            data-testid="macro-scope"
          />
          {scope === 'centre' ? (
            <CentreSelect label="Centre" value={centreId} onChange={setCentreId} testId="macro-centre" />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="macro-save">
              {macro ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The macros tab: codes and their texts, added, edited and deleted (POST /macros/*). */
export function MacrosPanel() {
  const can = useCan();
  const macros = useMacros();
  const [dialog, setDialog] = useState<{ macro?: Macro } | null>(null);
  const remove = useDeleteMacro();
  const canEdit = can('TEMPLATES', GENERIC.EDIT);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Type a code such as .nad in a report and press space or Enter: it becomes its text.
        </Text>
        {can('TEMPLATES', GENERIC.CREATE) ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})} data-testid="macros-add">
            Add Macro
          </Button>
        ) : null}
      </Group>
      <QueryState query={macros}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" size="sm">
              No macros yet.
            </Text>
          ) : (
            <Table striped data-testid="macros-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Text</Table.Th>
                  <Table.Th>For</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((m) => (
                  <Table.Tr key={m.id} data-testid={`macro-row-${m.code}`}>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {m.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {m.text.replace(/<[^>]*>/g, ' ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none" color={m.ownerId ? 'grape' : m.centreId ? 'blue' : 'gray'}>
                        {m.ownerId ? 'Only me' : m.centreId ? 'Centre' : 'Every centre'}
                      </Badge>
                    </Table.Td>
                    <Table.Td w={90}>
                      {canEdit ? (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${m.code}`}
                            onClick={() => setDialog({ macro: m })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${m.code}`}
                            loading={remove.isPending && remove.variables === m.id}
                            onClick={() => remove.mutate(m.id)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {dialog ? <MacroModal macro={dialog.macro} onClose={() => setDialog(null)} /> : null}
    </Stack>
  );
}
