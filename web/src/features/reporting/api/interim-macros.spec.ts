import { describe, expect, it } from '@jest/globals';
import { applyTemplateField, expandMacro } from './interim-macros';

const macros = [
  { code: '.nad', text: '<p>No abnormality detected.</p>' },
  { code: '.nadx', text: '<p>No abnormality detected on X-ray.</p>' },
];

describe('interim macros', () => {
  it('expands a code followed by a space, longest match, any case', () => {
    expect(expandMacro('Impression: .nad ', macros)).toEqual({ code: '.nad', replacement: macros[0]!.text });
    expect(expandMacro('.NADX ', macros)?.code).toBe('.nadx');
    expect(expandMacro('Impression: .nad', macros)).toBeNull();
    expect(expandMacro('x.nad ', macros)).toBeNull();
  });
  it('fills a field placeholder, or appends', () => {
    expect(applyTemplateField('<p>Lungs: <span data-field="lungs">…</span></p>', 'lungs', 'clear')).toBe(
      '<p>Lungs: <span data-field="lungs">clear</span></p>',
    );
    expect(applyTemplateField('<p>x</p>', 'heart', 'normal')).toBe('<p>x</p><p>normal</p>');
  });
});
