// The demo company's report templates, macros and centre layouts (issue 12; docs/decisions/0178..0180): a few real
// templates with structured fields and phrases (CT Brain, Chest X-ray, MRI Knee, USG Abdomen), macros such as .nad,
// and a layout for each demo centre (its name in the header, footer fields, no watermark). Through the API as the
// demo company administrator, idempotently: a template or macro that exists (by name / code) and a centre that has a
// layout are left as they are, so what users change survives a restart. Needs the stack running. Tests never use the
// demo company.
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, defaultReportLayout, GATEWAY_PORT, REPORTING_API } from '@rayworks/contracts';

const DEMO_PASSWORD = 'Demo@1234';
const api = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });

const normal = (label, text) => ({ label, text, kind: 'normal' });
const abnormal = (label, text) => ({ label, text, kind: 'abnormal' });
const field = (key) => `<span data-field="${key}">[${key}]</span>`;

export const DEMO_TEMPLATES = [
  {
    name: 'CT Brain (plain)',
    modality: 'CT',
    bodyPart: 'BRAIN',
    html: [
      '<p><strong>Technique:</strong> Axial sections of the brain were obtained from the skull base to the vertex without intravenous contrast.</p>',
      `<p><strong>Parenchyma:</strong> ${field('parenchyma')}</p>`,
      `<p><strong>Ventricles and sulci:</strong> ${field('ventricles')}</p>`,
      `<p><strong>Extra-axial spaces:</strong> ${field('extra-axial')}</p>`,
      '<p><strong>Bones and sinuses:</strong> The calvarium is intact. The visualised paranasal sinuses and mastoid air cells are clear.</p>',
      `<p><strong>Impression:</strong> ${field('impression')}</p>`,
    ].join(''),
    fields: [
      {
        key: 'parenchyma',
        label: 'Parenchyma',
        options: [
          normal('Normal', 'Normal grey-white matter differentiation. No focal lesion, haemorrhage or acute infarct.'),
          abnormal(
            'Acute infarct',
            'Hypodensity with loss of grey-white differentiation in the left MCA territory, consistent with an acute infarct.',
          ),
          abnormal(
            'Haemorrhage',
            'Hyperdense intraparenchymal haematoma in the right basal ganglia with surrounding oedema.',
          ),
        ],
      },
      {
        key: 'ventricles',
        label: 'Ventricles',
        options: [
          normal('Normal', 'The ventricles and sulci are normal in size and configuration for age. No midline shift.'),
          abnormal(
            'Hydrocephalus',
            'Dilated lateral and third ventricles with effacement of the sulci, suggesting hydrocephalus.',
          ),
        ],
      },
      {
        key: 'extra-axial',
        label: 'Extra-axial spaces',
        options: [
          normal('Normal', 'No extra-axial collection.'),
          abnormal(
            'Subdural',
            'Crescentic hyperdense extra-axial collection along the left convexity, consistent with an acute subdural haematoma.',
          ),
        ],
      },
      {
        key: 'impression',
        label: 'Impression',
        options: [
          normal('No acute abnormality', 'No acute intracranial abnormality detected.'),
          abnormal(
            'Acute findings',
            'Acute intracranial findings as described; clinical correlation and urgent review advised.',
          ),
        ],
      },
    ],
  },
  {
    name: 'Chest X-ray (PA)',
    modality: 'CR',
    bodyPart: 'CHEST',
    html: [
      `<p><strong>Lungs:</strong> ${field('lungs')}</p>`,
      `<p><strong>Heart:</strong> ${field('heart')}</p>`,
      '<p><strong>Mediastinum and hila:</strong> Normal.</p>',
      '<p><strong>Costophrenic angles:</strong> Clear.</p>',
      `<p><strong>Impression:</strong> ${field('impression')}</p>`,
    ].join(''),
    fields: [
      {
        key: 'lungs',
        label: 'Lungs',
        options: [
          normal('Clear', 'Both lung fields are clear. No consolidation, collapse or pleural effusion.'),
          abnormal('Consolidation', 'Patchy consolidation in the right lower zone, suggestive of pneumonia.'),
          abnormal('Effusion', 'Blunting of the left costophrenic angle, suggesting a small pleural effusion.'),
        ],
      },
      {
        key: 'heart',
        label: 'Heart',
        options: [
          normal('Normal', 'The cardiac size is within normal limits (CTR < 0.5).'),
          abnormal('Cardiomegaly', 'The cardiac silhouette is enlarged (CTR > 0.5).'),
        ],
      },
      {
        key: 'impression',
        label: 'Impression',
        options: [
          normal('Normal', 'No active cardiopulmonary disease.'),
          abnormal('Abnormal', 'Findings as described; correlate clinically.'),
        ],
      },
    ],
  },
  {
    name: 'MRI Knee',
    modality: 'MR',
    bodyPart: 'KNEE',
    html: [
      '<p><strong>Technique:</strong> Multiplanar, multisequence MR imaging of the knee.</p>',
      `<p><strong>Menisci:</strong> ${field('menisci')}</p>`,
      `<p><strong>Ligaments:</strong> ${field('ligaments')}</p>`,
      '<p><strong>Cartilage and bones:</strong> Articular cartilage preserved. No marrow oedema.</p>',
      '<p><strong>Joint:</strong> No significant effusion.</p>',
      `<p><strong>Impression:</strong> ${field('impression')}</p>`,
    ].join(''),
    fields: [
      {
        key: 'menisci',
        label: 'Menisci',
        options: [
          normal('Intact', 'Medial and lateral menisci are normal in signal and morphology.'),
          abnormal(
            'Medial tear',
            'Oblique tear of the posterior horn of the medial meniscus extending to the inferior articular surface.',
          ),
        ],
      },
      {
        key: 'ligaments',
        label: 'Ligaments',
        options: [
          normal('Intact', 'The cruciate and collateral ligaments are intact.'),
          abnormal(
            'ACL tear',
            'Complete tear of the anterior cruciate ligament with a bone bruise of the lateral femoral condyle.',
          ),
        ],
      },
      {
        key: 'impression',
        label: 'Impression',
        options: [
          normal('Normal', 'Normal MRI of the knee.'),
          abnormal('Internal derangement', 'Internal derangement as described.'),
        ],
      },
    ],
  },
  {
    name: 'USG Abdomen',
    modality: 'US',
    bodyPart: 'ABDOMEN',
    html: [
      `<p><strong>Liver:</strong> ${field('liver')}</p>`,
      `<p><strong>Gall bladder:</strong> ${field('gall-bladder')}</p>`,
      '<p><strong>Pancreas and spleen:</strong> Normal.</p>',
      '<p><strong>Kidneys:</strong> Both kidneys are normal in size and echotexture. No calculus or hydronephrosis.</p>',
      '<p><strong>Urinary bladder:</strong> Normal.</p>',
      `<p><strong>Impression:</strong> ${field('impression')}</p>`,
    ].join(''),
    fields: [
      {
        key: 'liver',
        label: 'Liver',
        options: [
          normal('Normal', 'The liver is normal in size and echotexture. No focal lesion.'),
          abnormal(
            'Fatty liver',
            'The liver is enlarged with diffusely increased echogenicity, consistent with grade II fatty infiltration.',
          ),
        ],
      },
      {
        key: 'gall-bladder',
        label: 'Gall bladder',
        options: [
          normal('Normal', 'Well distended with normal wall thickness. No calculus.'),
          abnormal(
            'Cholelithiasis',
            'Multiple mobile echogenic calculi with posterior acoustic shadowing. Wall thickness normal.',
          ),
        ],
      },
      {
        key: 'impression',
        label: 'Impression',
        options: [
          normal('Normal', 'Normal ultrasound of the abdomen.'),
          abnormal('Abnormal', 'Findings as described.'),
        ],
      },
    ],
  },
];

export const DEMO_MACROS = [
  { code: '.nad', text: 'No acute abnormality detected.' },
  { code: '.wnl', text: 'Within normal limits.' },
  { code: '.cc', text: 'Clinical correlation is suggested.' },
  { code: '.fu', text: 'Follow-up imaging is recommended.' },
  { code: '.nfl', text: 'No focal lesion is seen.' },
];

async function main() {
  const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders('admin', DEMO_PASSWORD) });
  const call = (endpoint, body) => api.call(endpoint, body, { session });

  const existing = new Set(
    (await call(REPORTING_API.findReportTemplates, { personal: false })).templates.map((t) => t.name),
  );
  let made = 0;
  for (const template of DEMO_TEMPLATES.filter((t) => !existing.has(t.name))) {
    await call(REPORTING_API.createReportTemplate, template);
    made += 1;
  }
  const codes = new Set(
    (await call(REPORTING_API.findMacros, {})).macros.filter((m) => !m.ownerId && !m.centreId).map((m) => m.code),
  );
  let macros = 0;
  for (const macro of DEMO_MACROS.filter((m) => !codes.has(m.code))) {
    await call(REPORTING_API.createMacro, macro);
    macros += 1;
  }

  const centres = (await call(AUTH_API.getCentres, { page: 1, pageSize: 100 })).items;
  let layouts = 0;
  for (const centre of centres) {
    const config = await call(REPORTING_API.getReportConfig, { centreId: centre._id });
    if (!config.isDefault) continue;
    const layout = defaultReportLayout();
    layout.header.height = 110;
    layout.header.text = centre.name;
    layout.footer.contentType = 'text';
    layout.footer.text = `${centre.name} · ${[centre.city, centre.state].filter(Boolean).join(', ') || 'Rayworks Demo'}`;
    layout.footer.footerFields = [
      { label: 'Reported by', value: '', type: 'doctorName' },
      { label: 'Qualification', value: '', type: 'qualificationName' },
      { label: 'Date', value: '', type: 'date' },
    ];
    layout.body.waterMark = { enable: false, text: null, image: null };
    layout.body.notePoints = ['This report is a professional opinion and should be correlated clinically.'];
    await call(REPORTING_API.createReportConfig, { centreId: centre._id, layout });
    layouts += 1;
  }
  process.stdout.write(
    `[demo] reporting: ${made} template(s), ${macros} macro(s), ${layouts} centre layout(s) added (the rest were there)\n`,
  );
}

await main();
