/**
 * sharp (libvips), loaded with the first image a process handles: it adds ~30 MB to a process, and most requests
 * of most workers never touch an image (docs/OPERATIONS.md "Memory").
 */
import type sharpType from 'sharp';

let loading: Promise<typeof sharpType> | undefined;

/** The sharp function, imported once on first use. @throws the import error when the native module is missing */
export function loadSharp(): Promise<typeof sharpType> {
  loading ??= import('sharp').then((m) => m.default);
  return loading;
}
