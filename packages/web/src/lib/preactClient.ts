/**
 * `react-dom/client` in the preact/compat build (vite.config.ts, `preactAliases`): preact/compat's createRoot and
 * hydrateRoot, with React's `autoFocus` behaviour added. React focuses an element rendered with `autoFocus` when it
 * is mounted, wherever and whenever that happens (a dialog's confirmation step, a form shown on a click); preact
 * only writes the `autofocus` attribute, which browsers honour once per document, on load. So the keyboard would
 * stay where it was, on a dialog's close button, say. Here every element mounted with `autoFocus` is focused when
 * its render commits (after it is in the document, before effects such as a modal's own focus handling run), once
 * per element, as React does. Never imported by the React build.
 */
import { options, type VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

/** Preact 10's internal fields used here (its mangled property names): the vnode's DOM node; the commit hook. */
type InternalVNode = VNode<{ autoFocus?: unknown }> & { __e?: Node | null };
type InternalOptions = typeof options & {
  __c?: (root: VNode, commitQueue: unknown[]) => void;
};

const hooks = options as InternalOptions;
/** Elements already focused for their `autoFocus`: a re-render of the same element does not take the focus again. */
const focused = new WeakSet<Node>();
/** Elements mounted with `autoFocus` in the render being committed, in render order. */
let pending: HTMLElement[] = [];

const diffed = hooks.diffed;
hooks.diffed = (vnode) => {
  const v = vnode as InternalVNode;
  const dom = v.__e;
  if (typeof v.type === 'string' && v.props.autoFocus && dom instanceof HTMLElement && !focused.has(dom)) {
    focused.add(dom);
    pending.push(dom);
  }
  diffed?.(vnode);
};

const commit = hooks.__c;
hooks.__c = (root, commitQueue) => {
  commit?.(root, commitQueue);
  const toFocus = pending;
  pending = [];
  // As React: each in turn, so the last one rendered keeps the focus.
  for (const el of toFocus) if (el.isConnected) el.focus();
};
