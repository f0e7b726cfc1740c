/**
 * A login provider's button icon (GET /connector/info and the user-center agent: a base64 SVG document drawn in
 * `currentColor`). The SVG is used as a CSS mask over the button's text colour, so it follows the button in light
 * and dark mode and on hover, which an <img> cannot do (an image's `currentColor` is always black); and like an
 * <img>, a mask never runs anything inside the SVG. Decorative: the button's text names the provider.
 */
export function ProviderIcon({ svgBase64, size = 16 }: { svgBase64: string; size?: number }) {
  const url = `url("data:image/svg+xml;base64,${svgBase64}")`;
  return (
    <span
      aria-hidden="true"
      data-testid="provider-icon"
      className="d-inline-block flex-shrink-0"
      style={{ width: size, height: size, backgroundColor: 'currentColor', maskImage: url, WebkitMaskImage: url, maskSize: 'contain', WebkitMaskSize: 'contain', maskRepeat: 'no-repeat', WebkitMaskRepeat: 'no-repeat', maskPosition: 'center' }}
    />
  );
}
