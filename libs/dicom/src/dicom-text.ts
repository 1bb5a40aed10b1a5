// Text values decoded with the data set's Specific Character Set (0008,0005). Only the single-code-table character
// sets have a WHATWG decoder that every browser and Node ship; ISO 2022 code extensions (escape sequences) are read
// as their first table. The default repertoire (no value) is ASCII, read as Latin-1 so no byte is lost.

const DECODER_LABEL: Record<string, string> = {
  'ISO_IR 6': 'latin1',
  'ISO_IR 100': 'latin1',
  'ISO_IR 101': 'iso-8859-2',
  'ISO_IR 109': 'iso-8859-3',
  'ISO_IR 110': 'iso-8859-4',
  'ISO_IR 144': 'iso-8859-5',
  'ISO_IR 127': 'iso-8859-6',
  'ISO_IR 126': 'iso-8859-7',
  'ISO_IR 138': 'iso-8859-8',
  'ISO_IR 148': 'iso-8859-9',
  'ISO_IR 203': 'iso-8859-15',
  'ISO_IR 13': 'shift_jis',
  'ISO_IR 166': 'windows-874',
  'ISO_IR 192': 'utf-8',
  GB18030: 'gb18030',
  GBK: 'gbk',
  'ISO 2022 IR 6': 'latin1',
  'ISO 2022 IR 100': 'latin1',
  'ISO 2022 IR 101': 'iso-8859-2',
  'ISO 2022 IR 109': 'iso-8859-3',
  'ISO 2022 IR 110': 'iso-8859-4',
  'ISO 2022 IR 144': 'iso-8859-5',
  'ISO 2022 IR 127': 'iso-8859-6',
  'ISO 2022 IR 126': 'iso-8859-7',
  'ISO 2022 IR 138': 'iso-8859-8',
  'ISO 2022 IR 148': 'iso-8859-9',
  'ISO 2022 IR 203': 'iso-8859-15',
  'ISO 2022 IR 13': 'shift_jis',
  'ISO 2022 IR 166': 'windows-874',
  'ISO 2022 IR 87': 'iso-2022-jp',
  'ISO 2022 IR 149': 'euc-kr',
  'ISO 2022 IR 58': 'gb18030',
};

type Decoder = InstanceType<typeof TextDecoder>;
const decoders = new Map<string, Decoder>();

function decoderFor(label: string): Decoder {
  let decoder = decoders.get(label);
  if (!decoder) {
    try {
      decoder = new TextDecoder(label);
    } catch {
      decoder = new TextDecoder('latin1'); // a runtime without that table: keep the bytes readable
    }
    decoders.set(label, decoder);
  }
  return decoder;
}

/** The decoder label for a Specific Character Set value (its first component when multi-valued). */
export function characterSetLabel(specificCharacterSet: string | undefined): string {
  if (!specificCharacterSet) return 'latin1';
  const terms = specificCharacterSet.split('\\').map((term) => term.trim());
  const chosen = terms.find((term) => term !== '') ?? '';
  return DECODER_LABEL[chosen.toUpperCase()] ?? 'latin1';
}

/** Bytes of a text value as a string (padding kept: callers trim by VR). */
export function decodeText(bytes: Uint8Array, label: string): string {
  return decoderFor(label).decode(bytes);
}

/** Latin-1 without a decoder, for values that are ASCII by definition (UIDs, codes, dates, numbers). */
export function decodeAscii(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x2000) {
    out += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x2000)));
  }
  return out;
}

/** Base64 of bytes, in the browser and in Node (btoa exists in both). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(decodeAscii(bytes));
}
