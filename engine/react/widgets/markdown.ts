import { Marked } from 'marked';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

// Dealers type this text; raw HTML and script URLs are shown as text, never run.
const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return inner;
      return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''} rel="noopener noreferrer" target="_blank">${inner}</a>`;
    },
    image({ text }) {
      return escapeHtml(text);
    },
  },
});

/**
 * Markdown to safe HTML for the editor's preview (raw HTML escaped, only http(s)/mailto links).
 * @example renderMarkdown('**hi** <script>') // '<p><strong>hi</strong> &lt;script&gt;</p>\n'
 */
export function renderMarkdown(text: string): string {
  return marked.parse(text ?? '', { async: false }) as string;
}
