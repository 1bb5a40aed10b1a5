// Prints the closing line of npm test, summing the static checks and every jest run (the main run of the unit,
// integration and end-to-end projects, then the resilience phase that runs alone):
//   node scripts/test-summary.mjs <checks.tsv> <jest.json> [<jest.json> ...]
//   N passed, N failed[, N skipped]
// and exits 1 when anything failed or when no test ran at all. A jest run that wrote no results counts as a failure.
import fs from 'node:fs';

const [checksFile, ...jestFiles] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const line of fs.readFileSync(checksFile, 'utf8').split('\n').filter(Boolean)) {
  const [, outcome] = line.split('\t');
  if (outcome === 'passed') passed++;
  else failed++;
}
let jestRan = jestFiles.length > 0;
for (const jestFile of jestFiles) {
  try {
    const jest = JSON.parse(fs.readFileSync(jestFile, 'utf8'));
    passed += jest.numPassedTests;
    failed += jest.numFailedTests;
    skipped += jest.numPendingTests + jest.numTodoTests;
    // A suite that failed outside its tests (it did not load, or a beforeAll/afterAll hook threw) counts as one
    // failure even though none of its tests failed.
    failed += jest.testResults.filter(
      (suite) => suite.status === 'failed' && !suite.assertionResults.some((test) => test.status === 'failed'),
    ).length;
  } catch {
    jestRan = false;
    failed++;
    console.error(`jest produced no results (${jestFile})`);
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || !jestRan || passed === 0 ? 1 : 0);
