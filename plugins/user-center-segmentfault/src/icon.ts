/** The login button's icon: a speech bubble with a question mark (16x16 view box, currentColor; SegmentFault's own logo is theirs to show). */
export const SEGMENTFAULT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="currentColor"><path d="M2.5 1A1.5 1.5 0 0 0 1 2.5v8A1.5 1.5 0 0 0 2.5 12H4v3l3.6-3h5.9a1.5 1.5 0 0 0 1.5-1.5v-8A1.5 1.5 0 0 0 13.5 1h-11ZM8 3a2.25 2.25 0 0 1 .9 4.31c-.25.11-.4.3-.4.5v.44h-1.1v-.44c0-.66.42-1.2 1.06-1.5A1.15 1.15 0 1 0 6.85 5.25h-1.1A2.25 2.25 0 0 1 8 3Zm-.6 5.9h1.2V10H7.4V8.9Z"/></svg>';
