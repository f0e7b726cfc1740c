/** A large decorative icon at the top of an account notice (inline SVG: no icon font needed). */
const PATHS = {
  mail: 'M2 5.5A1.5 1.5 0 0 1 3.5 4h17A1.5 1.5 0 0 1 22 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-17A1.5 1.5 0 0 1 2 18.5v-13Zm2 .9v11.6h16V6.4l-8 5.6-8-5.6ZM5.9 6 12 10.3 18.1 6H5.9Z',
  check: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3-5.8 5.8-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.2-1.4-1.4Z',
  blocked: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 0 0-6.3 12.9L16.9 5.7A8 8 0 0 0 12 4Zm6.3 3.1L7.1 18.3A8 8 0 0 0 18.3 7.1Z',
} as const;

/** `kind` picks the picture; `className` its colour (e.g. 'text-success'). */
export function StatusIcon({ kind, className = 'text-primary' }: { kind: keyof typeof PATHS; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="48" height="48" fill="currentColor" aria-hidden="true" className={`mb-2 ${className}`}>
      <path fillRule="evenodd" d={PATHS[kind]} />
    </svg>
  );
}
