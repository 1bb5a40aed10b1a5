import { describe, expect, it } from '@jest/globals';
import { sanitiseReportHtml } from './sanitise-html.js';

describe('sanitiseReportHtml', () => {
  it('keeps the formatting a report needs', () => {
    const html =
      '<h2>Findings</h2><p style="text-align:center"><strong>No</strong> <em>acute</em> <u>abnormality</u>.</p>' +
      '<ul><li>one</li></ul><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>';
    expect(sanitiseReportHtml(html)).toBe(html);
  });

  it('drops a script element and its content', () => {
    const out = sanitiseReportHtml('<p>ok</p><script>alert(1)</script>');
    expect(out).toBe('<p>ok</p>');
  });

  it('drops event handler attributes', () => {
    const out = sanitiseReportHtml('<p onclick="alert(1)">x</p><img src="https://x.test/a.png" onerror="alert(1)">');
    expect(out).not.toMatch(/onclick|onerror|alert/);
    expect(out).toContain('<p>x</p>');
  });

  it('drops javascript: and vbscript: links but keeps the text', () => {
    const out = sanitiseReportHtml(
      '<a href="javascript:alert(1)">a</a><a href="  JaVaScRiPt:alert(2)">b</a><a href="vbscript:x">c</a>',
    );
    expect(out).not.toMatch(/javascript|vbscript|href/i);
    expect(out).toContain('a');
  });

  it('drops SVG with its script, and iframes, objects and style elements', () => {
    const out = sanitiseReportHtml(
      '<svg><script>alert(1)</script><circle onload="alert(2)"/></svg><iframe src="https://e.test"></iframe>' +
        '<object data="x"></object><style>p{}</style><p>kept</p>',
    );
    expect(out).toBe('<p>kept</p>');
  });

  it('refuses styles that could load or run something', () => {
    const out = sanitiseReportHtml('<p style="background-image: url(javascript:alert(1)); color: #123">x</p>');
    expect(out).toBe('<p style="color:#123">x</p>');
  });

  it('keeps data: images only on img, never data: links', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitiseReportHtml(`<img src="${png}" alt="key image">`)).toContain(png);
    expect(sanitiseReportHtml('<a href="data:text/html,<script>alert(1)</script>">x</a>')).not.toContain('data:');
  });

  it('adds rel="noopener noreferrer" to links', () => {
    expect(sanitiseReportHtml('<a href="https://rayworks.test" target="_blank">r</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});

describe("sanitiseReportHtml and the template fields' marks (decision 0340)", () => {
  it('keeps the field spans the report editor writes, inside formatting and beside text, on every save', () => {
    // as TipTap's getHTML writes them: the mark inside bold, a filled field, an empty one, two of one key
    const html =
      '<h3 style="text-align:center">CT BRAIN</h3>' +
      '<p><strong>Ventricles: <span data-field="ventricles">[ventricles]</span></strong></p>' +
      '<p>Extra-axial: <span data-field="extra-axial">No collection.</span> Typed by the transcriptionist.</p>' +
      '<p><span data-field="impression">[impression]</span> <em><span data-field="impression">x</span></em></p>';
    const once = sanitiseReportHtml(html);
    expect(once).toBe(html);
    // the typist's save, then the reviewer's: the same HTML each time
    expect(sanitiseReportHtml(sanitiseReportHtml(once))).toBe(html);
  });

  it('keeps the key but not a handler smuggled beside it', () => {
    expect(sanitiseReportHtml('<span data-field="x" onmouseover="alert(1)">[x]</span>')).toBe(
      '<span data-field="x">[x]</span>',
    );
  });
});
