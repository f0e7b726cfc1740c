/**
 * A settings field's whole number as typed, or NaN (which the section's schema refuses on that field) for anything
 * else, blank included: a number field left empty is an error, never 0.
 */
export const wholeNumber = (v: string | boolean | undefined): number => (/^\s*\d+\s*$/.test(String(v ?? '')) ? Number(v) : Number.NaN);
