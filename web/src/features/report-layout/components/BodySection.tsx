import { ActionIcon, Button, Group, NumberInput, Select, TagsInput, Text, TextInput } from '@mantine/core';
import { LAYOUT_LIMITS, REPORT_PATIENT_KEYS, type PatientDetail, type ReportLayout } from '@rayworks/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { OptionalTextField, PxField, Section, ToggleField, type SetLayout } from './layout-fields';

const PATIENT_KEY_LABELS: Record<(typeof REPORT_PATIENT_KEYS)[number], string> = {
  patientName: 'Patient name',
  age: 'Age',
  gender: 'Gender',
  dateOfBirth: 'Date of birth',
  mrID: 'Patient ID (MR ID)',
  registrationID: 'Accession (registration ID)',
  referredName: 'Referred by',
  phoneNumber: 'Phone number',
  modality: 'Modality',
  studyDescription: 'Study description',
  studyDate: 'Study date',
  bodyPart: 'Body part',
};

/** The body: margins, the watermark, the patient details block, test type, note points, table labels, interpretation. */
export function BodySection({
  layout,
  set,
  watermarkImage,
}: {
  layout: ReportLayout;
  set: SetLayout;
  watermarkImage: ReactNode;
}) {
  const { body } = layout;
  return (
    <Section title="Body" testId="layout-body">
      <Group grow>
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <PxField
            key={side}
            label={`Margin ${side}`}
            limit={LAYOUT_LIMITS.margin}
            value={body.margins[side]}
            onValue={(v) => set((l) => void (l.body.margins[side] = v))}
            testId={`layout-margin-${side}`}
          />
        ))}
      </Group>
      <ToggleField
        label="Watermark"
        checked={body.waterMark.enable}
        onToggle={(on) => set((l) => void (l.body.waterMark.enable = on))}
        testId="layout-watermark-enable"
      />
      {body.waterMark.enable ? (
        <Group align="flex-end">
          <OptionalTextField
            label="Watermark text"
            value={body.waterMark.text}
            onText={(text) => set((l) => void (l.body.waterMark.text = text))}
            testId="layout-watermark-text"
          />
          {watermarkImage}
        </Group>
      ) : null}
      <PatientDetails layout={layout} set={set} />
      <OptionalTextField
        label="Test type"
        value={body.testType}
        onText={(text) => set((l) => void (l.body.testType = text))}
        testId="layout-test-type"
      />
      <TagsInput
        label="Note points"
        value={body.notePoints}
        onChange={(v) => set((l) => void (l.body.notePoints = v))}
        maxTags={LAYOUT_LIMITS.notePoints.max}
        data-testid="layout-note-points"
      />
      <TagsInput
        label="Table data labels"
        value={body.tableDataLabels}
        onChange={(v) => set((l) => void (l.body.tableDataLabels = v))}
        maxTags={LAYOUT_LIMITS.tableDataLabels.max}
        data-testid="layout-table-labels"
      />
      <OptionalTextField
        label="Interpretation"
        value={body.interpretation}
        onText={(text) => set((l) => void (l.body.interpretation = text))}
        testId="layout-interpretation"
      />
    </Section>
  );
}

/** The patient details block: which detail shows under which label, in which order. */
function PatientDetails({ layout, set }: { layout: ReportLayout; set: SetLayout }) {
  const details = layout.body.patientDetails;
  const setDetail = (i: number, change: Partial<PatientDetail>) =>
    set((l) => {
      l.body.patientDetails[i] = { ...l.body.patientDetails[i]!, ...change };
    });
  const addDetail = () =>
    set((l) => {
      const used = new Set(l.body.patientDetails.map((p) => p.value));
      const next = REPORT_PATIENT_KEYS.find((k) => !used.has(k)) ?? 'patientName';
      l.body.patientDetails.push({
        label: PATIENT_KEY_LABELS[next],
        value: next,
        order: l.body.patientDetails.length + 1,
      });
    });
  return (
    <>
      <Text size="sm" fw={500}>
        Patient details ({details.length} of {LAYOUT_LIMITS.patientDetails.max})
      </Text>
      {details.map((d, i) => (
        <Group key={i} gap="xs" wrap="nowrap" data-testid={`layout-patient-detail-${i}`}>
          <TextInput
            aria-label="Detail label"
            value={d.label}
            onChange={(e) => setDetail(i, { label: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Select
            aria-label="Detail value"
            data={REPORT_PATIENT_KEYS.map((k) => ({ value: k, label: PATIENT_KEY_LABELS[k] }))}
            value={d.value}
            onChange={(v) => v && setDetail(i, { value: v as PatientDetail['value'] })}
            allowDeselect={false}
            w={200}
          />
          <NumberInput
            aria-label="Order"
            value={d.order}
            min={0}
            max={99}
            allowDecimal={false}
            onChange={(v) => setDetail(i, { order: Number(v) || 0 })}
            w={70}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${d.label}`}
            onClick={() => set((l) => void l.body.patientDetails.splice(i, 1))}
            data-testid={`layout-patient-detail-remove-${i}`}
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
          disabled={details.length >= LAYOUT_LIMITS.patientDetails.max}
          onClick={addDetail}
          data-testid="layout-patient-detail-add"
        >
          Add patient detail
        </Button>
      </Group>
    </>
  );
}
