// pydicom (Debian python3-pydicom) as an independent reference: its DICOM JSON (Dataset.to_json_dict) and the
// SHA-256 of each file's Pixel Data value. Tests only; fails with a clear message when pydicom is not installed.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PYDICOM_TEST_FILES } from './dicom-test-files.js';

/** Debian's interpreter, which has the Debian pydicom (a pyenv or venv python on PATH may not). */
const PYTHON = '/usr/bin/python3';

const SCRIPT = `
import hashlib, json, sys
import pydicom
out = {}
for name in sys.argv[2:]:
    ds = pydicom.dcmread(sys.argv[1] + '/' + name)
    pixel = ds.get('PixelData')
    out[name] = {
        'json': ds.to_json_dict(bulk_data_threshold=1024, bulk_data_element_handler=lambda e: 'BULK'),
        'pixelSha256': hashlib.sha256(pixel).hexdigest() if pixel is not None else None,
    }
print(json.dumps(out))
`;

export interface PydicomReference {
  json: Record<string, { vr: string; Value?: unknown[]; BulkDataURI?: string; InlineBinary?: string }>;
  pixelSha256: string | null;
}

export function pydicomReference(names: readonly string[]): Record<string, PydicomReference> {
  if (!existsSync(PYTHON))
    throw new Error(`${PYTHON} is missing: install python3-pydicom (deploy/local/dicom-tools.sh)`);
  try {
    const out = execFileSync(PYTHON, ['-W', 'ignore', '-c', SCRIPT, PYDICOM_TEST_FILES, ...names], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(out) as Record<string, PydicomReference>;
  } catch (error) {
    throw new Error(
      `pydicom could not be run as the reference (${(error as Error).message.split('\n')[0]}): install ` +
        'python3-pydicom (deploy/local/dicom-tools.sh)',
      { cause: error },
    );
  }
}
