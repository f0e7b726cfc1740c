/**
 * Runs the administrator's custom HTML scripts in the browser (issue 13, "Themes and custom CSS/HTML"), once per
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
