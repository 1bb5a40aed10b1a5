// The bench company's catalogue and prices (bench:billing; not a test), apart from the seed so that the seed and the
// SQL filler (billing-sql.mjs) both read it without importing each other.

/**
 * The catalogue a diagnostic centre bills: radiology tests (modality, body part), lab tests (sample) and packages of
 * lab tests, with their normal prices in rupees; a holiday price a fifth above, a night price 30 % above.
 */
export const RADIOLOGY = [
  ['CTHEAD', 'CT Head Plain', 'CT', 'HEAD', 2500],
  ['CTCHEST', 'CT Chest', 'CT', 'CHEST', 3500],
  ['CTABD', 'CT Abdomen and Pelvis', 'CT', 'ABDOMEN', 4500],
  ['MRBRAIN', 'MRI Brain', 'MR', 'BRAIN', 6000],
  ['MRLSPINE', 'MRI Lumbar Spine', 'MR', 'SPINE', 6500],
  ['MRKNEE', 'MRI Knee', 'MR', 'KNEE', 5500],
  ['XRCHEST', 'X-Ray Chest PA', 'CR', 'CHEST', 400],
  ['XRKNEE', 'X-Ray Knee AP and Lateral', 'DX', 'KNEE', 500],
  ['USGABD', 'USG Whole Abdomen', 'US', 'ABDOMEN', 1200],
  ['USGPELVIS', 'USG Pelvis', 'US', 'PELVIS', 1000],
  ['MAMMO', 'Mammography Bilateral', 'MG', 'BREAST', 2200],
];
export const LAB = [
  ['CBC', 'Complete Blood Count', 'Blood', 300],
  ['LFT', 'Liver Function Test', 'Blood', 600],
  ['KFT', 'Kidney Function Test', 'Blood', 600],
  ['LIPID', 'Lipid Profile', 'Blood', 500],
  ['TSH', 'Thyroid Stimulating Hormone', 'Blood', 350],
  ['HBA1C', 'Glycated Haemoglobin', 'Blood', 450],
  ['FBS', 'Fasting Blood Sugar', 'Blood', 100],
  ['PPBS', 'Post Prandial Blood Sugar', 'Blood', 100],
  ['URINE', 'Urine Routine', 'Urine', 150],
  ['VITD', 'Vitamin D Total', 'Blood', 1200],
  ['VITB12', 'Vitamin B12', 'Blood', 900],
  ['CRP', 'C-Reactive Protein', 'Blood', 400],
  ['ESR', 'Erythrocyte Sedimentation Rate', 'Blood', 120],
];
export const PACKAGES = [
  ['WELL', 'Wellness Panel', ['CBC', 'LFT', 'KFT', 'LIPID', 'FBS'], 1500],
  ['DIAB', 'Diabetes Panel', ['FBS', 'PPBS', 'HBA1C'], 550],
  ['VITTHY', 'Vitamins and Thyroid', ['TSH', 'VITD', 'VITB12'], 2000],
  ['FEVER', 'Fever Panel', ['CBC', 'CRP', 'ESR', 'URINE'], 800],
];
export const holidayPrice = (rupees) => Math.round(rupees * 1.2);
export const nightPrice = (rupees) => Math.round(rupees * 1.3);
/** The centres' night window (local time; across midnight) and a few national holidays of the period. */
export const NIGHT_WINDOW = { start: '21:00', end: '07:00' };
export const HOLIDAYS = [
  ['2025-08-15', 'Independence Day'],
  ['2025-10-02', 'Gandhi Jayanti'],
  ['2025-10-20', 'Diwali'],
  ['2026-01-26', 'Republic Day'],
  ['2026-03-04', 'Holi'],
  ['2026-08-15', 'Independence Day'],
  ['2026-10-02', 'Gandhi Jayanti'],
  ['2026-11-08', 'Diwali'],
];
export const RATE_CARD = 'Bench walk-in';
