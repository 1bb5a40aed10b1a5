import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_ROUTES,
  FOOTER_CONTENT_TYPES,
  FOOTER_FIELD_TYPES,
  LAYOUT_LIMITS,
  PAPER_TYPES,
  REPORT_PATIENT_KEYS,
  REPORTING_API,
  reportLayoutSchema,
  type FooterField,
  type LayoutImageKind,
  type PatientDetail,
  type ReportConfig,
  type ReportLayout,
} from '@rayworks/contracts';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { callApi } from '../../../api/client';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { toastSuccess } from '../../../shared/ui/toast';
import { CentreSelect } from '../../report-templates/components/CentreSelect';
import { reportingKeys } from '../../report-templates/hooks/useReportTemplates';
import { LayoutPreview, type PreviewImages } from '../components/LayoutPreview';
import { useLayoutImageUpload } from '../components/useLayoutImageUpload';

const LAYOUTS = 'report-layouts';

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
const FOOTER_TYPE_LABELS: Record<(typeof FOOTER_FIELD_TYPES)[number], string> = {
  text: 'Text',
  doctorName: "Doctor's name",
  qualificationName: 'Qualification',
  signature: 'Signature',
  date: 'Report date',
};

const px = (limit: { min: number; max: number }) => ({
  min: limit.min,
  max: limit.max,
  suffix: ' px',
  allowDecimal: false,
});

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

/**
 * /custom-template: a centre's report layout (spec §3; docs/decisions/0180) — paper, header, footer and its fields,
 * body (watermark, margins, patient details, test type, note points, table labels, interpretation) — beside a live
 * preview drawn with the page height rules of spec §9; saved with POST /create/reportconfig.
 */
export function CustomTemplatePage() {
  const [centreId, setCentreId] = useState<string | null>(null);
  const config = useQuery({
    queryKey: [...reportingKeys.kind(LAYOUTS), centreId],
    queryFn: async ({ signal }) =>
      (await callApi(REPORTING_API.getReportConfig, { body: { centreId: centreId! }, signal })).data,
    enabled: Boolean(centreId),
  });
  return (
    <>
      <PageHeader
        title="Report Layout"
        description="How a centre's printed reports and PDFs look: paper, header, footer, watermark, margins and the patient details block."
        crumbs={[{ label: 'Report Templates', to: CONSOLE_ROUTES.reportTemplates }, { label: 'Report Layout' }]}
      />
      <Group mb="md" align="flex-end">
        <div style={{ width: 320 }}>
          <CentreSelect
            label="Centre"
            placeholder="Choose a centre"
            value={centreId}
            onChange={setCentreId}
            testId="layout-centre"
          />
        </div>
        {config.data?.isDefault ? (
          <Text size="sm" c="dimmed" data-testid="layout-default-note">
            This centre has no layout yet: the default is shown.
          </Text>
        ) : null}
      </Group>
      {!centreId ? (
        <Text c="dimmed" data-testid="layout-choose-centre">
          Choose a centre to configure its report layout.
        </Text>
      ) : config.isLoading || !config.data ? (
        <PageLoader />
      ) : (
        <LayoutEditor key={`${centreId}:${config.data.updatedAt ?? 'default'}`} config={config.data} />
      )}
    </>
  );
}

/** The form and the preview of one centre's layout, starting from what the server answered. */
function LayoutEditor({ config }: { config: ReportConfig }) {
  const queryClient = useQueryClient();
  const centreId = config.centreId;
  const [centreName, setCentreName] = useState('Centre name');
  const [layout, setLayout] = useState<ReportLayout>(() => structuredClone(config.layout));
  const [local, setLocal] = useState<Partial<PreviewImages>>({});
  const upload = useLayoutImageUpload(centreId);

  const parsed = reportLayoutSchema.safeParse(layout);
  const problem = parsed.success ? null : parsed.error.issues[0];
  const save = useMutation({
    mutationFn: () => callApi(REPORTING_API.createReportConfig, { body: { centreId, layout } }),
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: [...reportingKeys.kind(LAYOUTS), centreId] });
    },
  });

  const set = (change: (l: ReportLayout) => void) =>
    setLayout((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });
  const images: PreviewImages = {
    headerLogo: local.headerLogo ?? (layout.header.logo ? (config.assets.headerLogoUrl ?? null) : null),
    footerLogo: local.footerLogo ?? (layout.footer.logo ? (config.assets.footerLogoUrl ?? null) : null),
    waterMark: local.waterMark ?? (layout.body.waterMark.image ? (config.assets.waterMarkImageUrl ?? null) : null),
  };
  const uploadImage = (kind: LayoutImageKind, file: File | null) => {
    if (!file) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: ({ fileID, previewUrl }) => {
          setLocal((l) => ({ ...l, [kind]: previewUrl }));
          set((l) => {
            if (kind === 'headerLogo') l.header.logo = { fileID };
            else if (kind === 'footerLogo') l.footer.logo = { fileID };
            else l.body.waterMark.image = { fileID };
          });
        },
      },
    );
  };
  const imageControl = (kind: LayoutImageKind, label: string, present: boolean, clear: () => void) => (
    <Group gap="xs">
      <FileButton onChange={(f) => uploadImage(kind, f)} accept="image/png,image/jpeg">
        {(props) => (
          <Button
            {...props}
            size="xs"
            variant="light"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending && upload.variables?.kind === kind}
            data-testid={`layout-upload-${kind}`}
          >
            {present ? `Replace ${label}` : `Upload ${label}`}
          </Button>
        )}
      </FileButton>
      {present ? (
        <Button size="xs" variant="subtle" color="red" onClick={clear}>
          Remove
        </Button>
      ) : null}
    </Group>
  );

  const setDetail = (i: number, change: Partial<PatientDetail>) =>
    set((l) => {
      l.body.patientDetails[i] = { ...l.body.patientDetails[i]!, ...change };
    });
  const setFooterField = (i: number, change: Partial<FooterField>) =>
    set((l) => {
      l.footer.footerFields[i] = { ...l.footer.footerFields[i]!, ...change };
    });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          <Group justify="flex-end">
            <Button
              onClick={() => save.mutate()}
              disabled={!parsed.success}
              loading={save.isPending}
              data-testid="layout-save"
            >
              Save Layout
            </Button>
          </Group>
          {problem ? (
            <Alert color="red" variant="light" data-testid="layout-problem">
              {problem.message}
            </Alert>
          ) : null}
          <Section title="Paper" testId="layout-paper">
            <Group grow>
              <Select
                label="Paper type"
                data={[...PAPER_TYPES]}
                value={layout.paperType}
                onChange={(v) => v && set((l) => void (l.paperType = v as ReportLayout['paperType']))}
                allowDeselect={false}
                data-testid="layout-paper-type"
              />
              <TextInput
                label="Centre name in the preview header"
                value={centreName}
                onChange={(e) => setCentreName(e.currentTarget.value)}
              />
            </Group>
          </Section>
          <Section title="Header" testId="layout-header">
            <Switch
              label="Show the header on every page"
              checked={layout.header.enable}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((l) => void (l.header.enable = on));
              }}
              data-testid="layout-header-enable"
            />
            <NumberInput
              label="Header height"
              {...px(LAYOUT_LIMITS.headerHeight)}
              value={layout.header.height}
              onChange={(v) => set((l) => void (l.header.height = Number(v) || 0))}
              disabled={!layout.header.enable}
              data-testid="layout-header-height"
            />
            {imageControl('headerLogo', 'logo', layout.header.logo !== null, () => {
              setLocal((l) => ({ ...l, headerLogo: null }));
              set((l) => void (l.header.logo = null));
            })}
          </Section>
          <Section title="Footer" testId="layout-footer">
            <Switch
              label="Show the footer on every page"
              checked={layout.footer.enable}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((l) => void (l.footer.enable = on));
              }}
              data-testid="layout-footer-enable"
            />
            <Group grow>
              <NumberInput
                label="Footer height"
                {...px(LAYOUT_LIMITS.footerHeight)}
                value={layout.footer.height}
                onChange={(v) => set((l) => void (l.footer.height = Number(v) || 0))}
                data-testid="layout-footer-height"
              />
              <Select
                label="Footer content"
                data={FOOTER_CONTENT_TYPES.map((t) => ({
                  value: t,
                  label: t === 'text' ? 'Text' : t === 'image' ? 'Image' : 'Fields only',
                }))}
                value={layout.footer.contentType}
                onChange={(v) =>
                  v && set((l) => void (l.footer.contentType = v as ReportLayout['footer']['contentType']))
                }
                allowDeselect={false}
                data-testid="layout-footer-content"
              />
            </Group>
            {layout.footer.contentType === 'text' ? (
              <TextInput
                label="Footer text"
                value={layout.footer.text ?? ''}
                onChange={(e) => {
                  const text = e.currentTarget.value;
                  set((l) => void (l.footer.text = text || null));
                }}
                data-testid="layout-footer-text"
              />
            ) : null}
            {layout.footer.contentType === 'image'
              ? imageControl('footerLogo', 'footer image', layout.footer.logo !== null, () => {
                  setLocal((l) => ({ ...l, footerLogo: null }));
                  set((l) => void (l.footer.logo = null));
                })
              : null}
            <Switch
              label="Footer fields (reported by, signature, ...)"
              checked={layout.footer.enableFooterFields}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((l) => void (l.footer.enableFooterFields = on));
              }}
              data-testid="layout-footer-fields-enable"
            />
            {layout.footer.enableFooterFields ? (
              <>
                <NumberInput
                  label="Footer fields height"
                  {...px(LAYOUT_LIMITS.footFieldsHeight)}
                  value={layout.footer.footFieldsHeight}
                  onChange={(v) => set((l) => void (l.footer.footFieldsHeight = Number(v) || 0))}
                  data-testid="layout-footer-fields-height"
                />
                {layout.footer.footerFields.map((f, i) => (
                  <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
                    <TextInput
                      label={i === 0 ? 'Label' : undefined}
                      aria-label="Footer field label"
                      value={f.label}
                      onChange={(e) => setFooterField(i, { label: e.currentTarget.value })}
                      style={{ flex: 1 }}
                    />
                    <Select
                      label={i === 0 ? 'Shows' : undefined}
                      aria-label="Footer field type"
                      data={FOOTER_FIELD_TYPES.map((t) => ({ value: t, label: FOOTER_TYPE_LABELS[t] }))}
                      value={f.type}
                      onChange={(v) => v && setFooterField(i, { type: v as FooterField['type'] })}
                      allowDeselect={false}
                      w={150}
                    />
                    <TextInput
                      label={i === 0 ? 'Text' : undefined}
                      aria-label="Footer field text"
                      value={f.value}
                      disabled={f.type !== 'text'}
                      onChange={(e) => setFooterField(i, { value: e.currentTarget.value })}
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
                    disabled={layout.footer.footerFields.length >= LAYOUT_LIMITS.footerFields.max}
                    onClick={() =>
                      set((l) => void l.footer.footerFields.push({ label: 'Label', value: '', type: 'text' }))
                    }
                    data-testid="layout-footer-field-add"
                  >
                    Add footer field
                  </Button>
                </Group>
              </>
            ) : null}
          </Section>
          <Section title="Body" testId="layout-body">
            <Group grow>
              {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
                <NumberInput
                  key={side}
                  label={`Margin ${side}`}
                  {...px(LAYOUT_LIMITS.margin)}
                  value={layout.body.margins[side]}
                  onChange={(v) => set((l) => void (l.body.margins[side] = Number(v) || 0))}
                  data-testid={`layout-margin-${side}`}
                />
              ))}
            </Group>
            <Switch
              label="Watermark"
              checked={layout.body.waterMark.enable}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                set((l) => void (l.body.waterMark.enable = on));
              }}
              data-testid="layout-watermark-enable"
            />
            {layout.body.waterMark.enable ? (
              <Group align="flex-end">
                <TextInput
                  label="Watermark text"
                  value={layout.body.waterMark.text ?? ''}
                  onChange={(e) => {
                    const text = e.currentTarget.value;
                    set((l) => void (l.body.waterMark.text = text || null));
                  }}
                  data-testid="layout-watermark-text"
                />
                {imageControl('waterMark', 'watermark image', layout.body.waterMark.image !== null, () => {
                  setLocal((l) => ({ ...l, waterMark: null }));
                  set((l) => void (l.body.waterMark.image = null));
                })}
              </Group>
            ) : null}
            <Text size="sm" fw={500}>
              Patient details ({layout.body.patientDetails.length} of {LAYOUT_LIMITS.patientDetails.max})
            </Text>
            {layout.body.patientDetails.map((d, i) => (
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
                disabled={layout.body.patientDetails.length >= LAYOUT_LIMITS.patientDetails.max}
                onClick={() =>
                  set((l) => {
                    const used = new Set(l.body.patientDetails.map((p) => p.value));
                    const next = REPORT_PATIENT_KEYS.find((k) => !used.has(k)) ?? 'patientName';
                    l.body.patientDetails.push({
                      label: PATIENT_KEY_LABELS[next],
                      value: next,
                      order: l.body.patientDetails.length + 1,
                    });
                  })
                }
                data-testid="layout-patient-detail-add"
              >
                Add patient detail
              </Button>
            </Group>
            <TextInput
              label="Test type"
              value={layout.body.testType ?? ''}
              onChange={(e) => {
                const text = e.currentTarget.value;
                set((l) => void (l.body.testType = text || null));
              }}
              data-testid="layout-test-type"
            />
            <TagsInput
              label="Note points"
              value={layout.body.notePoints}
              onChange={(v) => set((l) => void (l.body.notePoints = v))}
              maxTags={LAYOUT_LIMITS.notePoints.max}
              data-testid="layout-note-points"
            />
            <TagsInput
              label="Table data labels"
              value={layout.body.tableDataLabels}
              onChange={(v) => set((l) => void (l.body.tableDataLabels = v))}
              maxTags={LAYOUT_LIMITS.tableDataLabels.max}
              data-testid="layout-table-labels"
            />
            <TextInput
              label="Interpretation"
              value={layout.body.interpretation ?? ''}
              onChange={(e) => {
                const text = e.currentTarget.value;
                set((l) => void (l.body.interpretation = text || null));
              }}
              data-testid="layout-interpretation"
            />
          </Section>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <div style={{ position: 'sticky', top: 80 }}>
          <LayoutPreview layout={layout} images={images} centreName={centreName} />
        </div>
      </Grid.Col>
    </Grid>
  );
}
