/**
 * The administrator's custom header, sidebar and footer HTML (issue 13, "Themes and custom CSS/HTML"): trusted,
 * never sanitized, and its scripts must run. The web shows the markup without its `<script>` elements (React
 * would insert them inert, and a server-rendered copy without the page's nonce would be blocked by the
 * Content-Security-Policy); the server puts the scripts after the app with the nonce, and the browser runs those
 * the document has not run yet after client navigation. One definition here, so both sides cut alike.
 */

/** A complete `<script …>…</script>` element (case-insensitive, any attributes). */
const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;

/**
 * The `<script>` elements of custom HTML, in document order, as written.
 * @param html administrator-written HTML ('' or undefined for none)
 */
export function customScripts(html: string | undefined): string[] {
  return html ? (html.match(SCRIPT) ?? []) : [];
}

/** Custom HTML without its `<script>` elements (everything else as written). */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT, '');
}
