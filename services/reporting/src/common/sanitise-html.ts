import sanitizeHtml from 'sanitize-html';

/**
 * The one allow-list every report and template HTML passes through on the server before it is stored
 * (docs/decisions/0173): the formatting a report needs (headings, paragraphs, lists, tables, emphasis, alignment,
 * images from data: or https: URLs), nothing that runs — no script, style or iframe element, no event handler
 * attribute, no javascript: or vbscript: URL, no SVG (it can carry script). What the editor, the print view and the
 * PDF show is therefore inert whatever was sent.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'a',
    'img',
  ],
  allowedAttributes: {
    '*': ['style', 'class', 'data-field', 'data-macro', 'data-annotation-id'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    ol: ['start', 'type'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
      'background-color': [/^#[0-9a-f]{3,8}$/i],
      width: [/^\d+(\.\d+)?(px|%)$/],
    },
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['data', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
  },
};

/** Report or template HTML made safe to store and show (the allow-list above). */
export const sanitiseReportHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
