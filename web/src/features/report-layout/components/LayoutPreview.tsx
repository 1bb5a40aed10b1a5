import { Box, Group, Image, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { ReportLayout, ReportPatientKey } from '@rayworks/contracts';
import type { PreviewImages } from './layout-images';
import { PAPER_RATIO, previewGeometry } from './preview-geometry';
import { PrintDocumentPreview } from './PrintDocumentPreview';

const SAMPLE_PATIENT: Record<ReportPatientKey, string> = {
  patientName: 'Jane Doe',
  age: '42 Y',
  gender: 'F',
  dateOfBirth: '12 Mar 1984',
  mrID: 'MR-102938',
  registrationID: 'ACC-5521',
  referredName: 'Dr. A. Rao',
  phoneNumber: '98xxxxxx10',
  modality: 'CT',
  studyDescription: 'CT Brain plain',
  studyDate: '27 Nov 2026, 09:15 AM',
  bodyPart: 'BRAIN',
};

const SAMPLE_BODY = [
  'CT BRAIN (PLAIN)',
  'Technique: axial sections of the brain were obtained without contrast.',
  'Findings: The cerebral hemispheres show normal grey-white matter differentiation. No intra- or extra-axial haemorrhage. The ventricles and sulci are normal for age. No midline shift. The posterior fossa structures are normal.',
  'Impression: No acute intracranial abnormality detected.',
];

/**
 * The live preview of the layout on one page of the chosen paper, drawn to scale with spec §9's height rules
 * (preview-geometry.ts): header, patient-details block, the body's budget, footer with its fields, the watermark.
 * Heights are shown in px of the 1000 px page budget.
 */
export function LayoutPreview({
  layout,
  images,
  centreName,
}: {
  layout: ReportLayout;
  images: PreviewImages;
  centreName: string;
}) {
  const g = previewGeometry(layout);
  const scale = 0.56;
  const pageHeight = 1000;
  const pageWidth = Math.round(pageHeight * PAPER_RATIO[layout.paperType]);
  const m = layout.body.margins;
  const details = [...layout.body.patientDetails].sort((a, b) => a.order - b.order);
  return (
    <Stack gap="xs" data-testid="layout-preview">
      <Group gap="lg">
        <Text size="xs" c="dimmed" data-testid="preview-body-budget">
          Body per page: <b>{g.body} px</b>
        </Text>
        <Text size="xs" c="dimmed">
          Header {g.header} · Patient block {g.patientBlock} · Footer {g.footer} · Padding {g.padding}
        </Text>
      </Group>
      <Tabs defaultValue="page" keepMounted={false}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="page" data-testid="preview-tab-page">
            Page budget
          </Tabs.Tab>
          <Tabs.Tab value="print" data-testid="preview-tab-print">
            Print document
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="print">
          <PrintDocumentPreview layout={layout} images={images} centreName={centreName} />
        </Tabs.Panel>
        <Tabs.Panel value="page">
          <Box style={{ width: pageWidth * scale, height: pageHeight * scale, overflow: 'hidden' }}>
            <Paper
              shadow="sm"
              withBorder
              style={{
                width: pageWidth,
                height: pageHeight,
                transform: `scale(${scale})`,
                transformOrigin: 'top left',
                position: 'relative',
                background: 'white',
                color: '#222',
                fontSize: 14,
                fontFamily: 'serif',
                paddingTop: m.top,
                paddingRight: m.right,
                paddingBottom: m.bottom,
                paddingLeft: m.left,
                overflow: 'hidden',
              }}
              data-paper={layout.paperType}
            >
              {layout.body.waterMark.enable ? (
                <Box
                  data-testid="preview-watermark"
                  style={{
                    position: 'absolute',
                    inset: 0,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    pointerEvents: 'none',
                    opacity: 0.12,
                    fontSize: 72,
                    fontWeight: 700,
                    transform: 'rotate(-30deg)',
                  }}
                >
                  {images.waterMark ? <Image src={images.waterMark} alt="" w={400} /> : layout.body.waterMark.text}
                </Box>
              ) : null}
              {layout.header.enable ? (
                <Box
                  data-testid="preview-header"
                  style={{
                    height: g.header,
                    borderBottom: '2px solid #345',
                    display: 'flex',
                    alignItems: 'center',
                    gap: 16,
                  }}
                >
                  {images.headerLogo ? (
                    <Image src={images.headerLogo} alt="Header logo" h={Math.max(20, g.header - 20)} w="auto" />
                  ) : null}
                  <Text fw={700} fz={24} c="#234">
                    {centreName}
                  </Text>
                </Box>
              ) : null}
              {details.length > 0 ? (
                <Box
                  data-testid="preview-patient-block"
                  style={{
                    height: g.patientBlock,
                    display: 'grid',
                    gridTemplateColumns: '1fr 1fr',
                    alignContent: 'center',
                    rowGap: 6,
                    borderBottom: '1px solid #bbb',
                  }}
                >
                  {details.map((d) => (
                    <Text key={d.value} fz={14}>
                      <b>{d.label}:</b> {SAMPLE_PATIENT[d.value]}
                    </Text>
                  ))}
                </Box>
              ) : null}
              <Box
                data-testid="preview-body"
                style={{ height: g.body, overflow: 'hidden', paddingTop: 12, outline: '1px dashed #9cf' }}
              >
                {layout.body.testType ? (
                  <Text fw={700} ta="center" mb={8}>
                    {layout.body.testType}
                  </Text>
                ) : null}
                {SAMPLE_BODY.map((p, i) => (
                  <Text key={i} fz={14} mb={8} fw={i === 0 ? 700 : 400}>
                    {p}
                  </Text>
                ))}
                {layout.body.interpretation ? (
                  <Text fz={14} fs="italic">
                    {layout.body.interpretation}
                  </Text>
                ) : null}
                {layout.body.notePoints.length > 0 ? (
                  <Box component="ul" m={0} pl={20}>
                    {layout.body.notePoints.map((n, i) => (
                      <li key={i}>
                        <Text fz={12}>{n}</Text>
                      </li>
                    ))}
                  </Box>
                ) : null}
              </Box>
              {layout.footer.enable ? (
                <Box
                  data-testid="preview-footer"
                  style={{ position: 'absolute', left: m.left, right: m.right, bottom: m.bottom, height: g.footer }}
                >
                  {layout.footer.enableFooterFields ? (
                    <Group
                      justify="space-between"
                      style={{ height: layout.footer.footFieldsHeight, alignItems: 'flex-end' }}
                      data-testid="preview-footer-fields"
                    >
                      {layout.footer.footerFields.map((f, i) => (
                        <Text key={i} fz={12}>
                          <b>{f.label}</b>
                          {f.type === 'text' ? `: ${f.value}` : f.type === 'signature' ? ' ________' : ': Dr. Sample'}
                        </Text>
                      ))}
                    </Group>
                  ) : null}
                  <Box
                    style={{
                      height: layout.footer.height,
                      borderTop: '1px solid #345',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    {layout.footer.contentType === 'image' && images.footerLogo ? (
                      <Image
                        src={images.footerLogo}
                        alt="Footer logo"
                        h={Math.max(16, layout.footer.height - 12)}
                        w="auto"
                      />
                    ) : (
                      <Text fz={12} c="#555">
                        {layout.footer.text ?? ''}
                      </Text>
                    )}
                  </Box>
                </Box>
              ) : null}
            </Paper>
          </Box>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
