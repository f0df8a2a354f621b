// A Vite build plugin (vite.config.ts): on a session route the browser would learn of the session's
// chunks only once the landing chunk — React and the router, three quarters of the JavaScript — has
// downloaded and run. A tiny script named in index.html, fetched beside that chunk, asks for them
// at once on any route but the session-free ones (issue 13: the request chain of signed-in routes).
// It is a file, not inline, for the Content-Security-Policy (script-src 'self').
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { SESSION_FRAME, SESSIONLESS_PATHS } from './chunkGroups.ts';

/** The named groups every session route loads (chunkGroups.ts). */
const SESSION_GROUPS = new Set(['session', 'screens']);

export function sessionPreload(): Plugin {
  return {
    name: 'naira-wallet:session-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter(
          (file) => file.type === 'chunk' && (SESSION_GROUPS.has(file.name) || (file.isDynamicEntry && SESSION_FRAME.test(file.facadeModuleId ?? ''))),
        );
        if (chunks.length === 0) return;
        const scripts = chunks.map((chunk) => `/${chunk.fileName}`).sort();
        // Their stylesheets too: a lazy screen's import waits for its CSS before asking for the screen.
        const styles = [...new Set(chunks.flatMap((chunk) => (chunk.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [])))].map((file) => `/${file}`).sort();
        const source =
          `if (!${JSON.stringify(SESSIONLESS_PATHS)}.includes(location.pathname.replace(/\\/+$/, '') || '/')) {\n` +
          `  const add = (rel, href) => {\n` +
          `    const link = document.createElement('link');\n` +
          `    link.rel = rel;\n` +
          `    link.crossOrigin = '';\n` +
          `    link.href = href;\n` +
          `    document.head.append(link);\n` +
          `  };\n` +
          `  for (const href of ${JSON.stringify(scripts)}) add('modulepreload', href);\n` +
          `  for (const href of ${JSON.stringify(styles)}) add('stylesheet', href);\n` +
          `}\n`;
        const fileName = `assets/session-preload-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        html.source = String(html.source).replace('<script type="module"', `<script async src="/${fileName}"></script>\n    <script type="module"`);
      },
    },
  };
}
