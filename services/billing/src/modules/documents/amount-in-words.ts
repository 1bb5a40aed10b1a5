import { ToWords } from 'to-words';

/** Whole numbers in words on the Indian scale (hundred, thousand, lakh, crore, arab …). */
const indianWords = new ToWords({ localeCode: 'en-IN' });

/**
 * An amount of rupees in words, as Indian bills write it: 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty
 * Six and Seventy Eight Paise Only' for 1,23,456.78 (minor units: paise). The rupees and the paise are each a whole
 * number given to to-words: no float is ever made of the amount.
 */
export function rupeesInWords(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`not an amount: ${amountMinor}`);
  const rupees = Math.floor(amountMinor / 100);
  const paise = amountMinor % 100;
  return `Rupees ${indianWords.convert(rupees)}${paise ? ` and ${indianWords.convert(paise)} Paise` : ''} Only`;
}
