import { Alert, Button, Grid, Group, Select, Stack } from '@mantine/core';
import {
  PAPER_TYPES,
  reportLayoutSchema,
  type LayoutImageKind,
  type ReportConfig,
  type ReportLayout,
} from '@rayworks/contracts';
import { useState } from 'react';
import { useLayoutImageUpload } from '../hooks/useLayoutImageUpload';
import { useSaveReportConfig } from '../hooks/useReportLayout';
import { BodySection } from './BodySection';
import { FooterSection } from './FooterSection';
import { HeaderSection } from './HeaderSection';
import { Section, type SetLayout } from './layout-fields';
import { layoutImage, setLayoutImage, type PreviewImages } from './layout-images';
import { LayoutImageControl } from './LayoutImageControl';
import { LayoutPreview } from './LayoutPreview';

/** The form and the preview of one centre's layout, starting from what the server answered. */
export function LayoutEditor({ config }: { config: ReportConfig }) {
  const centreId = config.centreId;
  const [layout, setLayout] = useState<ReportLayout>(() => structuredClone(config.layout));
  /** Images chosen since the layout was read (local URLs), or taken out (null). */
  const [local, setLocal] = useState<Partial<PreviewImages>>({});
  const upload = useLayoutImageUpload(centreId);
  const save = useSaveReportConfig(centreId);

  const parsed = reportLayoutSchema.safeParse(layout);
  const problem = parsed.success ? null : parsed.error.issues[0];

  const set: SetLayout = (change) =>
    setLayout((current) => {
      const next = structuredClone(current);
      change(next);
      return next;
    });
  const stored: PreviewImages = {
    headerLogo: config.assets.headerLogoUrl ?? null,
    footerLogo: config.assets.footerLogoUrl ?? null,
    waterMark: config.assets.waterMarkImageUrl ?? null,
  };
  const shown = (kind: LayoutImageKind) => local[kind] ?? (layoutImage(layout, kind) ? stored[kind] : null);
  const images: PreviewImages = {
    headerLogo: shown('headerLogo'),
    footerLogo: shown('footerLogo'),
    waterMark: shown('waterMark'),
  };
  const uploadImage = (kind: LayoutImageKind, file: File | null) => {
    if (!file) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: ({ fileID, previewUrl }) => {
          setLocal((l) => ({ ...l, [kind]: previewUrl }));
          set((l) => setLayoutImage(l, kind, { fileID }));
        },
      },
    );
  };
  const imageControl = (kind: LayoutImageKind, label: string) => (
    <LayoutImageControl
      kind={kind}
      label={label}
      present={layoutImage(layout, kind) !== null}
      uploading={upload.isPending && upload.variables?.kind === kind}
      onFile={uploadImage}
      onRemove={() => {
        setLocal((l) => ({ ...l, [kind]: null }));
        set((l) => setLayoutImage(l, kind, null));
      }}
    />
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <Stack gap="md">
          <Group justify="flex-end">
            <Button
              onClick={() => save.mutate(layout)}
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
            </Group>
          </Section>
          <HeaderSection layout={layout} set={set} logo={imageControl('headerLogo', 'logo')} />
          <FooterSection layout={layout} set={set} image={imageControl('footerLogo', 'footer image')} />
          <BodySection layout={layout} set={set} watermarkImage={imageControl('waterMark', 'watermark image')} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <div style={{ position: 'sticky', top: 80 }}>
          <LayoutPreview layout={layout} images={images} centreName={layout.header.text ?? ''} />
        </div>
      </Grid.Col>
    </Grid>
  );
}
