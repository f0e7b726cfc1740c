/** Button icons (SVG documents, 16x16 view box, currentColor so they follow the button's text colour). */

/** A key: the generic OpenID Connect connector. */
export const KEY_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor"><path d="M10.5 1a4.5 4.5 0 0 0-4.25 6.02L1 12.27V15h2.73l.77-.77V13h1.23l.77-.77V11h1.23l1.25-1.25A4.5 4.5 0 1 0 10.5 1Zm1 2.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z"/></svg>';

/** GitHub's mark, simplified. */
export const GITHUB_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor"><path d="M8 0a8 8 0 0 0-2.53 15.59c.4.07.55-.17.55-.38v-1.33c-2.23.48-2.7-1.08-2.7-1.08-.36-.92-.89-1.17-.89-1.17-.73-.5.05-.49.05-.49.8.06 1.23.83 1.23.83.71 1.22 1.87.87 2.33.66.07-.52.28-.87.5-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82a7.6 7.6 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48v2.2c0 .21.15.46.55.38A8 8 0 0 0 8 0Z"/></svg>';

/** A plain "G" in a circle (Google's own logo is theirs to show). */
export const GOOGLE_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor"><path d="M8 0a8 8 0 1 0 7.87 9.43H8V6.57h7.87A8 8 0 0 0 8 0Zm0 2.5a5.5 5.5 0 0 1 3.74 1.47l-1.77 1.77A3 3 0 1 0 10.83 9.4H8V6.6h5.3A5.5 5.5 0 1 1 8 2.5Z"/></svg>';
