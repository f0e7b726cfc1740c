/**
 * The default site icon, served at /favicon.ico while the branding settings name no icon: a 32x32 Windows icon
 * (ICO holding one 32-bit bitmap) drawn here, a ring with a tail (a "Q") in white on a disc of the theme's primary
 * colour, with transparent corners. Made on each call (1,024 pixels; no state kept).
 */

/** Side of the default icon, in pixels. */
export const DEFAULT_ICON_SIZE = 32;

/** Distance from the point (px, py) to the segment (ax, ay)-(bx, by). */
function toSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The icon's pixel at (x, y) (top-left origin) as [r, g, b, a]. */
function pixel(x: number, y: number, color: [number, number, number]): [number, number, number, number] {
  const cx = x + 0.5 - DEFAULT_ICON_SIZE / 2;
  const cy = y + 0.5 - DEFAULT_ICON_SIZE / 2;
  const r = Math.hypot(cx, cy);
  if (r > 15.5) return [0, 0, 0, 0];
  const ring = r >= 6.5 && r <= 10;
  const tail = toSegment(cx, cy, 4, 4, 10, 10) <= 1.8;
  return ring || tail ? [255, 255, 255, 255] : [...color, 255];
}

/**
 * The default icon as ICO bytes (`image/x-icon`).
 * @param primaryColor the disc's colour, `#rrggbb` (anything else draws the default blue #0033FF)
 */
export function defaultIcon(primaryColor: string): Buffer {
  const hex = /^#[0-9a-fA-F]{6}$/.test(primaryColor) ? primaryColor : '#0033FF';
  const color: [number, number, number] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  const n = DEFAULT_ICON_SIZE;
  const pixels = n * n * 4;
  const mask = n * 4; // 1 bit per pixel, rows padded to 4 bytes: all zero (the alpha channel decides)
  const image = 40 + pixels + mask;
  const out = Buffer.alloc(6 + 16 + image);
  // ICONDIR: reserved, type 1 (icon), one image.
  out.writeUInt16LE(0, 0);
  out.writeUInt16LE(1, 2);
  out.writeUInt16LE(1, 4);
  // ICONDIRENTRY: width, height, colours, reserved, planes, bits per pixel, size, offset.
  out.writeUInt8(n, 6);
  out.writeUInt8(n, 7);
  out.writeUInt16LE(1, 10);
  out.writeUInt16LE(32, 12);
  out.writeUInt32LE(image, 14);
  out.writeUInt32LE(22, 18);
  // BITMAPINFOHEADER: the height counts the colour rows and the mask rows.
  out.writeUInt32LE(40, 22);
  out.writeInt32LE(n, 26);
  out.writeInt32LE(n * 2, 30);
  out.writeUInt16LE(1, 34);
  out.writeUInt16LE(32, 36);
  out.writeUInt32LE(pixels + mask, 42);
  // Rows bottom-up, each pixel as B, G, R, A.
  let at = 62;
  for (let y = n - 1; y >= 0; y--) {
    for (let x = 0; x < n; x++) {
      const [r, g, b, a] = pixel(x, y, color);
      out[at++] = b;
      out[at++] = g;
      out[at++] = r;
      out[at++] = a;
    }
  }
  return out;
}
