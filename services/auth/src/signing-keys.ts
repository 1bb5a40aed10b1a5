// The auth service's access-token signing keys (docs/decisions/0060-asymmetric-access-tokens.md):
//   node services/auth/dist/signing-keys.js generate          print a new key set (JSON) for AUTH_SIGNING_KEYS
//   node services/auth/dist/signing-keys.js ensure <file>     make <file> with a new key set unless it exists
//   node services/auth/dist/signing-keys.js rotate <file>     put a new key first (it signs); the others still verify
//   node services/auth/dist/signing-keys.js retire <file>     drop every key but the first (after the previous keys'
//                                                              tokens have expired)
//   node services/auth/dist/signing-keys.js public <file>     print the public JWKS of <file>
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { generateSigningKey, publicJwk, readSigningKeySet, type SigningKeySet } from '@rayworks/nest-kit';

const [command, file] = process.argv.slice(2);

const write = (path: string, set: SigningKeySet) => {
  writeFileSync(path, `${JSON.stringify(set, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
};
const read = (path: string) => readSigningKeySet({ AUTH_SIGNING_KEYS_FILE: path });
const kids = (set: SigningKeySet) => set.keys.map((k, i) => `${k.kid}${i === 0 ? ' (signs)' : ''}`).join(', ');

function needFile(): string {
  if (!file) {
    process.stderr.write(`usage: signing-keys.js ${command} <file>\n`);
    process.exit(2);
  }
  return file;
}

try {
  switch (command) {
    case 'generate':
      process.stdout.write(`${JSON.stringify({ keys: [await generateSigningKey()] })}\n`);
      break;
    case 'ensure': {
      const path = needFile();
      if (!existsSync(path)) write(path, { keys: [await generateSigningKey()] });
      process.stdout.write(`signing keys ${path}: ${kids(read(path))}\n`);
      break;
    }
    case 'rotate': {
      const path = needFile();
      const set = read(path);
      write(path, { keys: [await generateSigningKey(), ...set.keys] });
      process.stdout.write(`rotated ${path}: ${kids(read(path))}\n`);
      break;
    }
    case 'retire': {
      const path = needFile();
      const set = read(path);
      write(path, { keys: set.keys.slice(0, 1) });
      process.stdout.write(`retired the previous keys of ${path}: ${kids(read(path))}\n`);
      break;
    }
    case 'public':
      process.stdout.write(`${JSON.stringify({ keys: read(needFile()).keys.map(publicJwk) }, null, 2)}\n`);
      break;
    default:
      process.stderr.write(
        'usage: signing-keys.js generate | ensure <file> | rotate <file> | retire <file> | public <file>\n',
      );
      process.exit(2);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
