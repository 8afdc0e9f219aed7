import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A tagged template whose `${}` values are escaped unless wrapped in `raw()`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);
function render(value: unknown): string {
  if (value instanceof Raw) return value.html;
  if (Array.isArray(value)) return value.map(render).join('');
  return esc(value ?? '');
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  return new Raw(strings.reduce((out, s, i) => out + render(values[i - 1]) + s));
}

const CSS = `
body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#fafafa;line-height:1.5}
header,main{max-width:40rem;margin:0 auto;padding:1rem}
header{display:flex;gap:1rem;align-items:center;justify-content:space-between;border-bottom:1px solid #ccc}
header a{color:#0b4fa8}
header nav{display:flex;gap:1rem;align-items:center;flex-wrap:wrap}
header nav button{margin-top:0}
form.inline{display:inline}
label{display:block;margin-top:1rem;font-weight:600}
input[type=email],input[type=password]{display:block;width:100%;max-width:24rem;padding:.5rem;font-size:1rem;border:1px solid #555;border-radius:4px}
button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem;border-radius:4px;border:1px solid #0b4fa8;background:#0b4fa8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0b4fa8}
:focus-visible{outline:3px solid #b35c00;outline-offset:2px}
.code{font:700 2.5rem/1.2 ui-monospace,monospace;letter-spacing:.2em;padding:1rem;border:2px dashed #555;display:inline-block;background:#fff}
.alert{padding:.75rem;border-left:4px solid #a4262c;background:#fde7e9}
.notice{padding:.75rem;border-left:4px solid #0b4fa8;background:#e8f0fb}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #ccc;vertical-align:top}
`;
const CSS_HASH = createHash('sha256').update(CSS).digest('base64');
// Built here, not in the layout's template, so formatting the template can never change the
// hashed text (the browser would then refuse the style).
const STYLE = raw(`<style>${CSS}</style>`);

/**
 * No scripts at all, the one inline style by hash, forms only to this site, never framed (a
 * framed verification page could be used to trick a person into reading out a code).
 */
const CSP = `default-src 'none'; style-src 'sha256-${CSS_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export interface Chrome {
  title: string;
  /** The signed-in person, for the header's sign-out form. */
  session?: { email: string; csrf: string } | null;
}

/** The one page layout: lang, a title, a banner, one main landmark holding the page's h1. */
export function layout(chrome: Chrome, main: Raw): string {
  const account = chrome.session
    ? html`<nav aria-label="Account">
        <a href="/account/apps">Connected apps</a>
        <span>Signed in as ${chrome.session.email}</span>
        <form class="inline" method="post" action="/sign-out">
          <input type="hidden" name="csrf" value="${chrome.session.csrf}" />
          <button type="submit" class="secondary">Sign out</button>
        </form>
      </nav>`
    : raw('');
  return `<!doctype html>${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${chrome.title} · Data service account</title>
        ${STYLE}
      </head>
      <body>
        <header><a href="/">Data service account</a>${account}</header>
        <main>${main}</main>
      </body>
    </html> `.html
  }`;
}

/** A page: never cached (codes and CSRF tokens are on it), strict CSP, no referrer leaks. */
export function sendPage(reply: FastifyReply, status: number, page: string): void {
  void reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', CSP)
    .header('X-Frame-Options', 'DENY')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Referrer-Policy', 'no-referrer')
    .header('Cache-Control', 'no-store')
    .send(page);
}

/** 303 See Other: after a POST the browser GETs the target. */
export function redirect(reply: FastifyReply, location: string): void {
  void reply.status(303).header('Location', location).header('Cache-Control', 'no-store').send();
}
