import sanitizeHtml from 'sanitize-html';

/**
 * The markup staff may store in notices and help pages: text structure, links and images only.
 * No scripts, styles, frames, forms or event handlers; links open in a new tab without opener.
 * Applied when content is saved, so the stored text is what players get.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

/** Every language's text sanitised; languages left empty are dropped. */
export function sanitizeEach(text: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [lang, html] of Object.entries(text)) {
    const clean = sanitizeRichText(html ?? '');
    if (clean) out[lang] = clean;
  }
  return out;
}

/** Plain texts per language with the empty ones dropped. */
export function compact(text: Partial<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [lang, value] of Object.entries(text)) if (value && value.trim()) out[lang] = value.trim();
  return out;
}
