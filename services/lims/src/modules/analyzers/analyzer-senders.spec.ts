import { describe, expect, it } from '@jest/globals';
import { SenderMemory, type SenderAnalyzer } from './analyzer-senders.js';

const ANALYZER = { id: 'a1', tenantId: 't1' };

/** A lookup that answers `answer` and counts its calls. */
function lookup(answer: SenderAnalyzer) {
  const calls = { n: 0 };
  return { calls, load: async () => (calls.n++, answer) };
}

describe('the analyzers the listeners remember by sender identity', () => {
  it('asks the database once per identity while nothing changes', async () => {
    const memory = new SenderMemory();
    const db = lookup(ANALYZER);
    for (let i = 0; i < 3; i++) expect(await memory.of('HL7', 'LAB', 'SITE', db.load)).toEqual(ANALYZER);
    expect(db.calls.n).toBe(1);
    // another identity (the facility differs) is another lookup
    await memory.of('HL7', 'LAB', 'OTHER', db.load);
    await memory.of('ASTM', 'LAB', 'SITE', db.load);
    expect(db.calls.n).toBe(3);
  });

  it('asks again after an analyzer changed', async () => {
    const memory = new SenderMemory();
    const db = lookup(ANALYZER);
    await memory.of('HL7', 'LAB', 'SITE', db.load);
    memory.forget();
    expect(memory.size).toBe(0);
    await memory.of('HL7', 'LAB', 'SITE', db.load);
    expect(db.calls.n).toBe(2);
  });

  it('never remembers an identity that matched nothing: an analyzer added a moment ago is found at once', async () => {
    const memory = new SenderMemory();
    expect(await memory.of('HL7', 'NEW', 'SITE', lookup(null).load)).toBeNull();
    expect(await memory.of('HL7', 'NEW', 'SITE', lookup(ANALYZER).load)).toEqual(ANALYZER);
  });

  it('does not remember what a lookup begun before a change found', async () => {
    const memory = new SenderMemory();
    let release!: (a: SenderAnalyzer) => void;
    const pending = memory.of('HL7', 'LAB', 'SITE', () => new Promise<SenderAnalyzer>((r) => (release = r)));
    memory.forget(); // the analyzer was deactivated while the lookup ran
    release(ANALYZER);
    expect(await pending).toEqual(ANALYZER);
    expect(memory.size).toBe(0);
  });

  it('does not remember a failed lookup', async () => {
    const memory = new SenderMemory();
    await expect(memory.of('HL7', 'LAB', 'SITE', () => Promise.reject(new Error('database down')))).rejects.toThrow(
      'database down',
    );
    expect(memory.size).toBe(0);
  });
});
