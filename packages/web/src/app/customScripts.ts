/**
 * Runs the administrator's custom HTML scripts (and, where the document lacks it, the custom head) in the browser (issue 13, "Themes and custom CSS/HTML"), once per
 * document each: loaded by LookParts.useCustomScripts only when the custom HTML has a script.
 */

/** Scripts of the custom HTML this document has run, by source address and text. */
const ranScripts = new Set<string>();
let seeded = false;

function scriptKey(script: Element): string {
  return `${script.getAttribute('src') ?? ''}\n${script.textContent ?? ''}`;
}

/**
 * Runs each `<script>` of `html` that this document has not run yet, with the page's CSP nonce (read from a
 * script the server gave it). The scripts the server put in `#q-custom-footer` count as run.
 * @param html the custom HTML's script elements, as written
 */
export function runCustomScripts(html: string): void {
  runScriptsOf(html);
}

/**
 * Puts the custom head HTML into a document that was served without it (first loaded on the admin console, which
 * never gets it) once a public page is reached: its elements other than scripts go into `<head>` after a
 * `q-custom-head` marker (the marker a server-rendered public page carries already), its scripts run once with the
 * page's nonce. Nothing happens when the marker is there.
 * @param html the custom head HTML, as written
 */
export function applyCustomHead(html: string): void {
  if (document.head.querySelector('meta[name="q-custom-head"]')) return;
  const marker = document.createElement('meta');
  marker.name = 'q-custom-head';
  marker.content = '';
  document.head.appendChild(marker);
  const holder = document.createElement('template');
  holder.innerHTML = html;
  holder.content.querySelectorAll('script').forEach((s) => s.remove());
  document.head.appendChild(holder.content);
  runScriptsOf(html);
}

function runScriptsOf(html: string): void {
  if (!seeded) {
    seeded = true;
    document.querySelectorAll('#q-custom-footer script').forEach((s) => ranScripts.add(scriptKey(s)));
  }
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  const holder = document.createElement('template');
  holder.innerHTML = html;
  for (const parsed of holder.content.querySelectorAll('script')) {
    const key = scriptKey(parsed);
    if (ranScripts.has(key)) continue;
    ranScripts.add(key);
    // A script element made by createElement runs when inserted (one parsed from HTML would stay inert).
    const script = document.createElement('script');
    for (const { name, value } of parsed.attributes) if (name !== 'nonce') script.setAttribute(name, value);
    script.textContent = parsed.textContent;
    script.nonce = nonce;
    document.body.appendChild(script);
  }
}
