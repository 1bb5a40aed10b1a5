// Writes docs/lifecycles/*.md (Mermaid stateDiagram-v2 of the case, fusion, import and download machines, and the
// action tables) from libs/lifecycles. Never edit the output by hand: `npm run docs:lifecycles` writes it, and
// libs/lifecycles/src/docs/lifecycle-docs.spec.ts fails when the committed pages differ from the code.
import fs from 'node:fs';
import path from 'node:path';
import { lifecycleDocs } from '../libs/lifecycles/dist/docs/lifecycle-docs.js';

const out = path.resolve(import.meta.dirname, '../docs/lifecycles');
fs.mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(lifecycleDocs())) {
  fs.writeFileSync(path.join(out, name), content);
  console.log(`[docs:lifecycles] written docs/lifecycles/${name}`);
}
