import { describe, expect, it } from '@jest/globals';
import { isFieldPlaceholder } from './macros.js';
import { maySendReport } from './output-entities.js';

describe('who may mail or text a final report (decision 0341)', () => {
  const signed = { finalizedBy: 'rad-1' };
  it('the holder of SEND_REPORT_TO_PATIENT, whoever signed it', () => {
    expect(maySendReport({ userId: 'admin-1', holdsSendPrivilege: true }, signed)).toBe(true);
    expect(maySendReport({ userId: 'admin-1', holdsSendPrivilege: true }, { finalizedBy: null })).toBe(true);
  });
  it('the radiologist who signed it, without the privilege', () => {
    expect(maySendReport({ userId: 'rad-1', holdsSendPrivilege: false }, signed)).toBe(true);
  });
  it('nobody else: another radiologist, a typist, and nobody for an unsigned report', () => {
    expect(maySendReport({ userId: 'rad-2', holdsSendPrivilege: false }, signed)).toBe(false);
    expect(maySendReport({ userId: 'rad-1', holdsSendPrivilege: false }, { finalizedBy: null })).toBe(false);
  });
});

describe("a template field's placeholder (decision 0340)", () => {
  it('is nothing, an ellipsis or a bracketed prompt, spaces and no-break spaces aside', () => {
    for (const text of ['', '…', '...', '[ventricles]', ' [extra-axial] ', '\u00a0[impression]\u00a0'])
      expect([text, isFieldPlaceholder(text)]).toEqual([text, true]);
    for (const text of ['Normal.', '[a] and more', 'No collection [see prior].'])
      expect([text, isFieldPlaceholder(text)]).toEqual([text, false]);
  });
});
