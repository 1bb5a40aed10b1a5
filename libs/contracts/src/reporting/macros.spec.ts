import { describe, expect, it } from '@jest/globals';
import { applyTemplateField, expandMacro, templateFieldKeys, unfilledTemplateFields } from './macros.js';
import { escapeHtml } from './print-document.js';

const macros = [
  { id: 'a', code: '.nad', text: 'No acute abnormality detected.' },
  { id: 'b', code: '.nadc', text: 'No acute abnormality detected in the <b>chest</b> &amp; lungs.' },
  { id: 'c', code: '.n', text: 'normal' },
];

describe('expandMacro', () => {
  it('expands a code at the end of the text followed by a space', () => {
    expect(expandMacro('Impression: .nad ', macros)).toEqual({
      code: '.nad',
      trailing: ' ',
      replacement: 'No acute abnormality detected.',
      macroId: 'a',
    });
  });

  it('expands on Enter and on a no-break space, and with no trailing key at all', () => {
    expect(expandMacro('.nad\n', macros)?.trailing).toBe('\n');
    expect(expandMacro('x \u00a0.nad\u00a0', macros)?.macroId).toBe('a');
    expect(expandMacro('.nad', macros)).toMatchObject({ code: '.nad', trailing: '' });
  });

  it('takes the longest code that matches', () => {
    expect(expandMacro('see .nadc ', macros)?.macroId).toBe('b');
    expect(expandMacro('see .n ', macros)?.macroId).toBe('c');
  });

  it('needs the code to stand alone: not inside a word, not followed by more text', () => {
    expect(expandMacro('e.g.nad ', macros)).toBeNull();
    expect(expandMacro('abc.nad ', macros)).toBeNull();
    expect(expandMacro('.nad x ', macros)).toBeNull();
    expect(expandMacro('.nadx ', macros)).toBeNull();
    expect(expandMacro('(.nad ', macros)?.macroId).toBe('a');
  });

  it('matches case-insensitively and carries the typed case over', () => {
    expect(expandMacro('.NAD ', macros)?.replacement).toBe('NO ACUTE ABNORMALITY DETECTED.');
    expect(expandMacro('.Nad ', macros)?.replacement).toBe('No acute abnormality detected.');
    expect(expandMacro('.N ', macros)?.replacement).toBe('NORMAL');
    expect(expandMacro('.n ', macros)?.replacement).toBe('normal');
    expect(expandMacro('.Nadc ', [{ code: '.nadc', text: '<p>lungs clear</p>' }])?.replacement).toBe(
      '<p>Lungs clear</p>',
    );
  });

  it('upper-cases only the text of HTML, never tags or character references', () => {
    expect(expandMacro('.NADC ', macros)?.replacement).toBe(
      'NO ACUTE ABNORMALITY DETECTED IN THE <b>CHEST</b> &amp; LUNGS.',
    );
  });

  it('answers null without macros, for empty text and for unknown codes', () => {
    expect(expandMacro('.nad ', [])).toBeNull();
    expect(expandMacro('', macros)).toBeNull();
    expect(expandMacro('.xyz ', macros)).toBeNull();
    expect(expandMacro(' ', macros)).toBeNull();
  });
});

describe('applyTemplateField', () => {
  const body =
    '<p><strong>Findings:</strong> <span data-field="findings">[findings]</span></p>' +
    '<p>Impression: <span class="f" data-field="impression">[impression]</span></p>';

  it("fills the field's placeholder with the phrase and leaves the rest", () => {
    const out = applyTemplateField(body, 'impression', 'No acute abnormality.');
    expect(out).toBe(
      '<p><strong>Findings:</strong> <span data-field="findings">[findings]</span></p>' +
        '<p>Impression: <span class="f" data-field="impression">No acute abnormality.</span></p>',
    );
  });

  it('replaces a phrase chosen before (the placeholder stays marked)', () => {
    const once = applyTemplateField(body, 'findings', 'Normal.');
    expect(applyTemplateField(once, 'findings', 'Abnormal: mass.')).toContain(
      '<span data-field="findings">Abnormal: mass.</span>',
    );
  });

  it('escapes the phrase and turns line breaks into <br>', () => {
    expect(applyTemplateField('<p data-field="x">?</p>', 'x', '<script>alert(1)</script>\nline 2')).toBe(
      '<p data-field="x">&#60;script&#62;alert(1)&#60;/script&#62;<br>line 2</p>',
    );
  });

  it('handles nested elements of the same tag, single quotes and several placeholders of one key', () => {
    const html = "<div data-field='a'><div>old</div></div><div>keep</div><span data-field='a'>x</span>";
    expect(applyTemplateField(html, 'a', 'new')).toBe(
      "<div data-field='a'>new</div><div>keep</div><span data-field='a'>new</span>",
    );
  });

  it('leaves the HTML unchanged for an unknown key or a key that is only a prefix', () => {
    expect(applyTemplateField(body, 'other', 'x')).toBe(body);
    expect(applyTemplateField(body, 'impress', 'x')).toBe(body);
  });

  it('lists the keys a body marks', () => {
    expect(templateFieldKeys(body)).toEqual(['findings', 'impression']);
    expect(escapeHtml(`a&b"'`)).toBe('a&#38;b&#34;&#39;');
  });
});

describe('unfilledTemplateFields', () => {
  it('lists the fields still showing their placeholder: empty, an ellipsis or a [bracketed] prompt', () => {
    const html =
      '<p>Ventricles: <span data-field="ventricles">[ventricles]</span></p>' +
      '<p>Sulci: <span data-field="sulci">…</span></p>' +
      '<p>Bones: <span data-field="bones"> </span></p>' +
      '<p>Impression: <span data-field="impression">[Impression]</span></p>';
    expect(unfilledTemplateFields(html)).toEqual(['ventricles', 'sulci', 'bones', 'impression']);
  });

  it('counts a field filled once its phrase was chosen or its text written over, and a deleted field not at all', () => {
    let html = '<p><span data-field="ventricles">[ventricles]</span></p><p><span data-field="sulci">[sulci]</span></p>';
    html = applyTemplateField(html, 'ventricles', 'The ventricles are normal in size.');
    expect(unfilledTemplateFields(html)).toEqual(['sulci']);
    html = html.replace('[sulci]', 'Effaced on the right.');
    expect(unfilledTemplateFields(html)).toEqual([]);
    expect(unfilledTemplateFields('<p>No fields here: [not a field]</p>')).toEqual([]);
  });

  it('reads nested markup and entities inside a field', () => {
    expect(unfilledTemplateFields('<span data-field="a"><strong>[A]</strong></span>')).toEqual(['a']);
    expect(unfilledTemplateFields('<span data-field="b">&hellip;</span>')).toEqual(['b']);
    expect(unfilledTemplateFields('<span data-field="c"><em>Mild</em> dilatation</span>')).toEqual([]);
  });
});
