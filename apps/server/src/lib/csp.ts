import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The sha256 source of every inline script of an HTML page (`<script>` without `src`), as CSP writes it. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...new Set(out)];
}

/** The origin of an absolute API address in config.json (the API on another host), else none. */
function apiOrigin(root: string): string | null {
  try {
    const raw = JSON.parse(readFileSync(join(root, 'config.json'), 'utf8')) as { apiUrl?: unknown };
    return typeof raw.apiUrl === 'string' && /^https?:\/\//i.test(raw.apiUrl) ? new URL(raw.apiUrl).origin : null;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of the web app. Scripts: only files of this origin and the inline scripts of the built
 * index.html by their hash (no 'unsafe-inline'). Styles need 'unsafe-inline': Mantine injects `<style>` elements and
 * sets `style` attributes at run time. Pictures come as data: and blob: addresses (uploads, previews).
 */
export function buildCsp(scriptHashes: string[], connect: string | null = null): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${connect ? ` ${connect}` : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * The policy for a web root, recomputed when its index.html or config.json changes (a rebuilt web app is served
 * without a restart, so its new inline scripts must be allowed at once). The files are checked at most once a second.
 */
export function cspOf(root: string | undefined): () => string {
  let key = '';
  let value = buildCsp([]);
  let checked = 0;
  return () => {
    if (!root || Date.now() - checked < 1000) return value;
    checked = Date.now();
    try {
      const index = join(root, 'index.html');
      const stamp = (f: string) => {
        try {
          return String(statSync(f).mtimeMs);
        } catch {
          return '-';
        }
      };
      const k = `${stamp(index)}|${stamp(join(root, 'config.json'))}`;
      if (k !== key) {
        key = k;
        value = buildCsp(inlineScriptHashes(readFileSync(index, 'utf8')), apiOrigin(root));
      }
    } catch {
      // no index.html (the API alone): the policy allows no inline script
    }
    return value;
  };
}
