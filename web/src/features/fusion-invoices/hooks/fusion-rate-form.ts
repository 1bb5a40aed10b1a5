import type { FusionRate } from '@rayworks/contracts';
import {
  minorUnitsToDecimal,
  parseAmountMinor,
  requiredMessage,
  validateAmount,
  INVALID_INPUTS_MESSAGE,
} from '@rayworks/validation';

/**
 * A fusion rate's form (docs/decisions/0274, 0287): the hub's centre, a client centre (or every client centre without a
 * rate of its own), a DICOM modality and the rate typed as text — 0 to 100000 with spec §5's words ('Rate should be in
 * Between 0 to 100000', 'Please enter the amount', libs/validation's validateAmount) — from a day on. A change is a new
 * version from a later day; a past read keeps the rate it was billed at.
 */
export const RATE_LABEL = 'Rate';
export const EVERY_CLIENT = '';

export interface FusionRateValues {
  fusionCentreId: string | null;
  /** EVERY_CLIENT: every client centre without a rate of its own. */
  clientCentreId: string;
  modality: string;
  rate: string;
  validFrom: string;
}

export type FusionRateErrors = Partial<Record<keyof FusionRateValues, string>>;

const MODALITY = /^[A-Za-z0-9]{1,16}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const emptyRateValues = (validFrom: string): FusionRateValues => ({
  fusionCentreId: null,
  clientCentreId: EVERY_CLIENT,
  modality: '',
  rate: '',
  validFrom,
});

/** A new version of a rate: its current amount, from the day given. */
export const rateVersionValues = (rate: FusionRate, validFrom: string): FusionRateValues => ({
  fusionCentreId: rate.fusionCentreId,
  clientCentreId: rate.clientCentreId ?? EVERY_CLIENT,
  modality: rate.modality,
  rate: rate.current ? minorUnitsToDecimal(rate.current.rateMinor, rate.current.currency) : '',
  validFrom,
});

export function fusionRateErrors(values: FusionRateValues, editing: boolean): FusionRateErrors {
  const errors: FusionRateErrors = {};
  if (!editing) {
    if (!values.fusionCentreId) errors.fusionCentreId = requiredMessage('Fusion Centre');
    if (!values.modality.trim()) errors.modality = requiredMessage('Modality');
    else if (!MODALITY.test(values.modality.trim())) errors.modality = INVALID_INPUTS_MESSAGE;
  }
  const rate = validateAmount(RATE_LABEL, values.rate);
  if (rate) errors.rate = rate;
  if (!values.validFrom) errors.validFrom = requiredMessage('Valid From');
  else if (!ISO_DATE.test(values.validFrom)) errors.validFrom = INVALID_INPUTS_MESSAGE;
  return errors;
}

const rateMinorOf = (text: string): number => {
  const minor = parseAmountMinor(text);
  if (minor === null) throw new Error(INVALID_INPUTS_MESSAGE);
  return minor;
};

/** /fusion/rate/create's body for valid values. */
export const createRateBody = (values: FusionRateValues) => ({
  fusionCentreId: values.fusionCentreId!,
  clientCentreId: values.clientCentreId === EVERY_CLIENT ? null : values.clientCentreId,
  modality: values.modality.trim().toUpperCase(),
  rateMinor: rateMinorOf(values.rate),
  validFrom: values.validFrom,
});

/** /fusion/rate/update's body: a new version of the rate read (its version), from a later day. */
export const updateRateBody = (rate: Pick<FusionRate, '_id' | 'version'>, values: FusionRateValues) => ({
  id: rate._id,
  version: rate.version,
  rateMinor: rateMinorOf(values.rate),
  validFrom: values.validFrom,
});
