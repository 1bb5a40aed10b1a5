// The demo company's front desk (issue 22): a billable catalogue (radiology studies and lab tests), two packages, the
// walk-in rate card of the Apex and Sunrise centres, their billing settings (night window, the desk's discount limit),
// the Nova Reading Hub's fusion rates, India's national holidays of the financial year and a "Demo day" on the day
// npm start runs (so the demo receptionist sees a holiday price whenever the demo is tried), and a few patients with
// paid, part-paid and unpaid visits. Through the API as the demo company's administrator and receptionist,
// idempotently: what exists (by code, name, date, the visit's request key) is left as it is. Needs the stack running.
// Tests never use the demo company.
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, BILLING_API, DEFAULT_CENTRE_TIME_ZONE, GATEWAY_PORT, localDateTime } from '@rayworks/contracts';

const DEMO_PASSWORD = 'Demo@1234';
const api = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });

const radiology = (code, name, modality, bodyPart) => ({ code, name, kind: 'RADIOLOGY', modality, bodyPart });
const lab = (code, name, sampleType) => ({ code, name, kind: 'LAB', sampleType });

export const DEMO_TESTS = [
  radiology('CT-BRAIN', 'CT Brain (plain)', 'CT', 'BRAIN'),
  radiology('CT-CHEST', 'HRCT Chest', 'CT', 'CHEST'),
  radiology('MR-KNEE', 'MRI Knee', 'MR', 'KNEE'),
  radiology('US-ABD', 'USG Abdomen and Pelvis', 'US', 'ABDOMEN'),
  radiology('XR-CHEST', 'X-Ray Chest PA', 'DX', 'CHEST'),
  lab('CBC', 'Complete Blood Count', 'Blood'),
  lab('LFT', 'Liver Function Test', 'Blood'),
  lab('KFT', 'Kidney Function Test', 'Blood'),
  lab('LIPID', 'Lipid Profile', 'Blood'),
  lab('TSH', 'Thyroid Stimulating Hormone', 'Blood'),
  lab('HBA1C', 'Glycated Haemoglobin (HbA1c)', 'Blood'),
  lab('URINE-RE', 'Urine Routine and Microscopy', 'Urine'),
];

export const DEMO_PACKAGES = [
  { code: 'BASIC-HC', name: 'Basic Health Check', testCodes: ['CBC', 'LFT', 'KFT', 'LIPID'] },
  { code: 'DIABETES', name: 'Diabetes Panel', testCodes: ['HBA1C', 'KFT', 'URINE-RE'] },
];

// rupees: normal, holiday, night price and processing fee
const PRICES = {
  'CT-BRAIN': [2500, 3000, 3200, 150],
  'CT-CHEST': [4000, 4600, 4800, 200],
  'MR-KNEE': [6500, 7200, 7500, 300],
  'US-ABD': [1400, 1700, 1800, 100],
  'XR-CHEST': [450, 550, 600, 0],
  CBC: [350, 420, 450, 0],
  LFT: [650, 750, 800, 0],
  KFT: [600, 700, 750, 0],
  LIPID: [700, 800, 850, 0],
  TSH: [450, 520, 550, 0],
  HBA1C: [550, 630, 650, 0],
  'URINE-RE': [200, 240, 250, 0],
  'BASIC-HC': [1800, 2100, 2200, 0],
  DIABETES: [1100, 1300, 1350, 0],
};

/** India's national holidays in the financial year 2026-27 (gazetted, fixed dates). */
const NATIONAL_HOLIDAYS = [
  ['2026-08-15', 'Independence Day'],
  ['2026-10-02', 'Gandhi Jayanti'],
  ['2027-01-26', 'Republic Day'],
];

const RATE_CARD = 'Walk-in 2026-27';
/** The fusion hub's rate of a read, rupees, by modality. */
const FUSION_RATES = { CT: 600, MR: 900, CR: 150, DX: 150, US: 250 };
const BILLING_CENTRES = ['APEX-AND', 'APEX-PUN', 'SUNRISE'];

/** The demo visits: the patient, what they came for, and what they paid at the desk (rupees; 0 = unpaid). */
const VISITS = [
  {
    key: 'demo-visit-0001',
    patient: { patientName: 'Arjun Mehta', gender: 'Male', dateOfBirth: '1981-03-14', phoneNumber: '9820011001' },
    items: [{ testCode: 'CT-BRAIN' }, { testCode: 'CBC' }],
    paid: 'all',
    mode: 'UPI',
  },
  {
    key: 'demo-visit-0002',
    patient: {
      patientName: 'Sunita Deshpande',
      gender: 'Female',
      dateOfBirth: '1967-11-02',
      phoneNumber: '9820011002',
    },
    items: [{ packageCode: 'BASIC-HC' }, { testCode: 'XR-CHEST' }],
    paid: 1000,
    mode: 'CASH',
  },
  {
    key: 'demo-visit-0003',
    patient: { patientName: 'Farhan Qureshi', gender: 'Male', dateOfBirth: '1994-07-29', phoneNumber: '9820011003' },
    items: [{ testCode: 'US-ABD' }],
    paid: 0,
  },
];

const rupees = (n) => String(n);

async function main() {
  const login = async (who) => api.call(AUTH_API.login, {}, { headers: loginHeaders(who, DEMO_PASSWORD) });
  const admin = await login('admin');
  const desk = await login('reception');
  const call = (endpoint, body, session = admin) => api.call(endpoint, body, { session });
  const reply = (endpoint, body, session = admin) => api.reply(endpoint, body, { session });

  const centres = (await call(AUTH_API.getCentres, { page: 1, pageSize: 100 })).items.filter((c) =>
    BILLING_CENTRES.includes(c.code),
  );
  // billing learns the company's centres from auth's events: wait until it knows them
  for (let tries = 0; ; tries += 1) {
    const known = await Promise.all(
      centres.map((c) => reply(BILLING_API.getBillingSettings, { centreId: c._id }).then((r) => r.status === 200)),
    );
    if (known.every(Boolean)) break;
    if (tries > 60) throw new Error('billing does not know the demo centres yet');
    await new Promise((r) => setTimeout(r, 1000));
  }

  let made = 0;
  const tests = new Set((await call(BILLING_API.findTests, { page: 1, pageSize: 100 })).items.map((t) => t.code));
  for (const test of DEMO_TESTS.filter((t) => !tests.has(t.code))) {
    await call(BILLING_API.createTest, test);
    made += 1;
  }
  const packages = new Set((await call(BILLING_API.findPackages, { page: 1, pageSize: 100 })).items.map((p) => p.code));
  for (const pack of DEMO_PACKAGES.filter((p) => !packages.has(p.code))) {
    await call(BILLING_API.createPackage, pack);
    made += 1;
  }

  const cards = (await call(BILLING_API.getRateCards, { page: 1, pageSize: 100 })).items;
  if (!cards.some((c) => c.name === RATE_CARD)) {
    const card = await call(BILLING_API.createRateCard, {
      name: RATE_CARD,
      validFrom: '2026-04-01',
      prices: Object.entries(PRICES).map(([code, [price, holiday, night, fee]]) => ({
        ...(DEMO_PACKAGES.some((p) => p.code === code) ? { packageCode: code } : { testCode: code }),
        price: rupees(price),
        holidayPrice: rupees(holiday),
        nightPrice: rupees(night),
        processingFee: rupees(fee),
      })),
    });
    await call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: centres.map((c) => c._id) });
    made += 1;
  }

  let holidays = 0;
  const today = localDateTime(new Date(), DEFAULT_CENTRE_TIME_ZONE).date;
  for (const centre of centres) {
    const settings = await call(BILLING_API.getBillingSettings, { centreId: centre._id });
    if (!settings.saved)
      await call(BILLING_API.updateBillingSettings, {
        centreId: centre._id,
        timeZone: DEFAULT_CENTRE_TIME_ZONE,
        nightWindow: { start: '21:00', end: '07:00' },
        discountLimits: [{ roleCode: 'RECEPTIONIST', limitBasisPoints: 1000 }],
      });
    for (const [date, name] of [...NATIONAL_HOLIDAYS, [today, 'Demo day (added by npm start)']]) {
      const r = await reply(BILLING_API.createHoliday, { centreIds: [centre._id], date, name });
      if (r.status === 200) holidays += 1;
      else if (r.status !== 409) throw new Error(`holiday ${date}: ${r.status} ${r.body.message}`);
    }
  }

  // the Nova Reading Hub's default rate per modality for every client centre (fusion invoicing, 0274): a read the hub
  // completes for Apex (RW-DEMO-0003 is sent there) becomes a priced line on Apex's monthly invoice
  const hub = (await call(AUTH_API.getCentres, { page: 1, pageSize: 100 })).items.find((c) => c.code === 'NOVA-HUB');
  const fusionAdmin = await login('fusion.admin');
  const rates = (
    await call(BILLING_API.findFusionRates, { page: 1, pageSize: 100, fusionCentreId: hub._id }, fusionAdmin)
  ).items;
  for (const [modality, amount] of Object.entries(FUSION_RATES)) {
    if (rates.some((r) => r.modality === modality && r.clientCentreId === null)) continue;
    await call(
      BILLING_API.createFusionRate,
      { fusionCentreId: hub._id, clientCentreId: null, modality, rateMinor: amount * 100, validFrom: '2026-04-01' },
      fusionAdmin,
    );
    made += 1;
  }

  // the visits, at the receptionist's centre (Apex Andheri)
  const andheri = centres.find((c) => c.code === 'APEX-AND');
  let visits = 0;
  for (const visit of VISITS) {
    const same = await call(BILLING_API.findDuplicatePatients, { centreId: andheri._id, ...visit.patient }, desk);
    const patient =
      same.duplicates[0] ?? (await call(BILLING_API.createPatient, { centreId: andheri._id, ...visit.patient }, desk));
    const before = await reply(
      BILLING_API.createRegistration,
      { centreId: andheri._id, patientId: patient._id, items: visit.items, requestKey: visit.key },
      desk,
    );
    if (before.status !== 200) throw new Error(`visit ${visit.key}: ${before.status} ${before.body.message}`);
    const { invoice } = before.body.data;
    const amountMinor = visit.paid === 'all' ? invoice.balanceMinor : visit.paid * 100;
    if (amountMinor > 0 && invoice.paidMinor === 0) {
      await call(
        BILLING_API.createPayment,
        { invoiceId: invoice._id, amountMinor, mode: visit.mode, idempotencyKey: `${visit.key}-payment` },
        desk,
      );
      visits += 1;
    }
  }
  process.stdout.write(
    `[demo] billing: ${made} catalogue item(s) and card(s), ${holidays} holiday(s), ${visits} paid visit(s) added (the rest were there)\n`,
  );
}

await main();
