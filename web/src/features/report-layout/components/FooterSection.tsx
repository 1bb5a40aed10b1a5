import { ActionIcon, Button, Group, Select, TextInput } from '@mantine/core';
import {
  FOOTER_CONTENT_TYPES,
  FOOTER_FIELD_TYPES,
  LAYOUT_LIMITS,
  type FooterField,
  type ReportLayout,
} from '@rayworks/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { OptionalTextField, PxField, Section, ToggleField, type SetLayout } from './layout-fields';

const FOOTER_TYPE_LABELS: Record<(typeof FOOTER_FIELD_TYPES)[number], string> = {
  text: 'Text',
  doctorName: "Doctor's name",
  qualificationName: 'Qualification',
  signature: 'Signature',
  date: 'Report date',
};

const CONTENT_LABELS: Record<(typeof FOOTER_CONTENT_TYPES)[number], string> = {
  text: 'Text',
  image: 'Image',
  fields: 'Fields only',
};

/** The footer: shown or not, its height, its text or image, and its fields (reported by, signature, ...). */
export function FooterSection({ layout, set, image }: { layout: ReportLayout; set: SetLayout; image: ReactNode }) {
  const { footer } = layout;
  return (
    <Section title="Footer" testId="layout-footer">
      <ToggleField
        label="Show the footer on every page"
        checked={footer.enable}
        onToggle={(on) => set((l) => void (l.footer.enable = on))}
        testId="layout-footer-enable"
      />
      <Group grow>
        <PxField
          label="Footer height"
          limit={LAYOUT_LIMITS.footerHeight}
          value={footer.height}
          onValue={(v) => set((l) => void (l.footer.height = v))}
          testId="layout-footer-height"
        />
        <Select
          label="Footer content"
          data={FOOTER_CONTENT_TYPES.map((t) => ({ value: t, label: CONTENT_LABELS[t] }))}
          value={footer.contentType}
          onChange={(v) => v && set((l) => void (l.footer.contentType = v as ReportLayout['footer']['contentType']))}
          allowDeselect={false}
          data-testid="layout-footer-content"
        />
      </Group>
      {footer.contentType === 'text' ? (
        <OptionalTextField
          label="Footer text"
          value={footer.text}
          onText={(text) => set((l) => void (l.footer.text = text))}
          testId="layout-footer-text"
        />
      ) : null}
      {footer.contentType === 'image' ? image : null}
      <ToggleField
        label="Footer fields (reported by, signature, ...)"
        checked={footer.enableFooterFields}
        onToggle={(on) => set((l) => void (l.footer.enableFooterFields = on))}
        testId="layout-footer-fields-enable"
      />
      {footer.enableFooterFields ? <FooterFields layout={layout} set={set} /> : null}
    </Section>
  );
}

function FooterFields({ layout, set }: { layout: ReportLayout; set: SetLayout }) {
  const { footer } = layout;
  const setField = (i: number, change: Partial<FooterField>) =>
    set((l) => {
      l.footer.footerFields[i] = { ...l.footer.footerFields[i]!, ...change };
    });
  return (
    <>
      <PxField
        label="Footer fields height"
        limit={LAYOUT_LIMITS.footFieldsHeight}
        value={footer.footFieldsHeight}
        onValue={(v) => set((l) => void (l.footer.footFieldsHeight = v))}
        testId="layout-footer-fields-height"
      />
      {footer.footerFields.map((f, i) => (
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={i === 0 ? 'Label' : undefined}
            aria-label="Footer field label"
            value={f.label}
            onChange={(e) => setField(i, { label: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Select
            label={i === 0 ? 'Shows' : undefined}
            aria-label="Footer field type"
            // the signature is printed once, below the report (decision 0343): offered only to a field that has it
            data={FOOTER_FIELD_TYPES.filter((t) => t !== 'signature' || f.type === 'signature').map((t) => ({
              value: t,
              label: t === 'signature' ? 'Signature (printed below the report)' : FOOTER_TYPE_LABELS[t],
            }))}
            value={f.type}
            onChange={(v) => v && setField(i, { type: v as FooterField['type'] })}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            label={i === 0 ? 'Text' : undefined}
            aria-label="Footer field text"
            value={f.value}
            disabled={f.type !== 'text'}
            onChange={(e) => setField(i, { value: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label="Remove footer field"
            onClick={() => set((l) => void l.footer.footerFields.splice(i, 1))}
            mb={4}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={footer.footerFields.length >= LAYOUT_LIMITS.footerFields.max}
          onClick={() => set((l) => void l.footer.footerFields.push({ label: 'Label', value: '', type: 'text' }))}
          data-testid="layout-footer-field-add"
        >
          Add footer field
        </Button>
      </Group>
    </>
  );
}
