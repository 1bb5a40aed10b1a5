import '@mantine/tiptap/styles.css';
import { Button, Group, Menu, Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import TextAlign from '@tiptap/extension-text-align';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { IconBraces } from '@tabler/icons-react';
import type { TemplateField } from '@rayworks/contracts';
import { escapeHtml } from '@rayworks/contracts';
import { useEffect } from 'react';
import classes from './TemplateHtmlEditor.module.css';
import { FormattingControls } from '../../../shared/editor/FormattingControls';
import { AccessibleName, TemplateField as TemplateFieldMark } from '../../../shared/editor/extensions';

interface Props {
  value: string;
  onChange: (html: string) => void;
  fields: readonly TemplateField[];
  testId?: string;
}

/**
 * The template body in TipTap through @mantine/tiptap: formatting, lists, alignment, and "Insert field", which puts a
 * field's placeholder (`<span data-field>`) at the cursor so its phrases fill it in the report editor.
 */
export function TemplateHtmlEditor({ value, onChange, fields, testId = 'template-html' }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false } }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TemplateFieldMark,
      AccessibleName.configure({ name: 'Template text' }),
    ],
    content: value,
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // a template loaded after the editor was made (editing an existing one)
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const insertField = (field: TemplateField) => {
    editor
      ?.chain()
      .focus()
      .insertContent(`<span data-field="${escapeHtml(field.key)}">[${escapeHtml(field.label)}]</span>&nbsp;`)
      .run();
  };

  return (
    <div data-testid={testId}>
      <RichTextEditor editor={editor}>
        <RichTextEditor.Toolbar>
          <FormattingControls />
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconBraces size={14} />}
                disabled={fields.length === 0}
                data-testid="template-insert-field"
              >
                Insert field
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {fields.map((f) => (
                <Menu.Item key={f.key} onClick={() => insertField(f)} data-testid={`template-insert-field-${f.key}`}>
                  {f.label}{' '}
                  <Text span size="xs" c="dimmed">
                    ({f.key})
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={220} className={classes.content} />
      </RichTextEditor>
      <Group gap={4} mt={4}>
        <Text size="xs" c="dimmed">
          Fields show as placeholders; the report editor fills them with the chosen phrase.
        </Text>
      </Group>
    </div>
  );
}
