/** Avatar image, or a coloured initial when there is no URL. `size` in px. */
export function Avatar({ src, name, size = 32, className = '' }: { src?: string | null; name: string; size?: number; className?: string }) {
  const style = { width: size, height: size };
  if (src) {
    return <img src={src} alt="" width={size} height={size} className={`rounded object-fit-cover ${className}`} style={style} loading="lazy" />;
  }
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  return (
    <span
      aria-hidden="true"
      className={`d-inline-flex align-items-center justify-content-center rounded text-white fw-semibold flex-shrink-0 ${className}`}
      style={{ ...style, background: `hsl(${hue} 45% 45%)`, fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}
