/**
 * react-i18next as both builds see it: every `react-i18next` import of the app resolves to this module
 * (vite.config.ts), which is react-i18next with a cheaper `useTranslation`.
 *
 * react-i18next's hook is built for a browser whose language can change under it: for each component instance it
 * copies the i18next instance's properties into a wrapper object, makes a fixed `t` and subscribes to the instance,
 * which a server render repeats for each of the few hundred components of a page (about 8% of a question page's
 * CPU, docs/BENCHMARKS.md) and a phone's hydration for each component of the page (most of a list page's
 * hydration after preact's own work, docs/BENCHMARKS.md "Phone speed (Lighthouse)"). Here the result is made once
 * per instance, language, namespace and key prefix, and shared. In the browser a component renders again when the
 * language changes (what react-i18next binds by default, `bindI18n: 'languageChanged'`), through one listener on
 * the instance; a server render never changes language midway (entry-server.tsx sets it before rendering). Same
 * `t`, same strings.
 *
 * Its `t` also remembers what it returned: i18next resolves every call anew (key splitting, namespace and
 * fallback lookup, interpolation), ~25% of a question page's render for the ~300 strings of a page, most of them
 * the same on every page. Calls with a string key and no options, or options of plain strings, numbers and
 * booleans (counts, names), are answered from a bounded map; anything else goes to i18next. The maps are dropped
 * when resources are added or removed, so a string never outlives its translation.
 */
import { useContext, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

export * from 'react-i18next';

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const made = new WeakMap<I18n, Map<string, Translation>>();

/** Remembered results per `t`; the oldest half is dropped past this size (options such as counts vary). */
const MEMO_MAX = 5000;

/** The cache key of a call, or null when it is not one to remember (array keys, objects among the options). */
function memoKey(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return null;
  let text = key;
  for (const [k, v] of Object.entries(options)) {
    const type = typeof v;
    if (type !== 'string' && type !== 'number' && type !== 'boolean' && v !== undefined) return null;
    text += `\u0000${k}\u0000${type[0]}${String(v)}`;
  }
  return text;
}

/** `t` with its results remembered (see the file header); `memos` collects the maps so they can be dropped. */
function memoized(t: TFunction, memos: Set<Map<string, unknown>>): TFunction {
  const memo = new Map<string, unknown>();
  memos.add(memo);
  const call = t as unknown as (...args: unknown[]) => unknown;
  const fn = ((key: unknown, options?: unknown, ...rest: unknown[]) => {
    const k = rest.length ? null : memoKey(key, options);
    if (k === null) return call(key, options, ...rest);
    let value = memo.get(k);
    if (value === undefined && !memo.has(k)) {
      value = call(key, options);
      if (memo.size >= MEMO_MAX) for (const old of [...memo.keys()].slice(0, MEMO_MAX / 2)) memo.delete(old);
      memo.set(k, value);
    }
    return value;
  }) as unknown as TFunction;
  return Object.assign(fn, t);
}

/** Memo maps per instance, dropped when the instance's resources change. */
const memosOf = new WeakMap<I18n, Set<Map<string, unknown>>>();

function memosFor(i18n: I18n): Set<Map<string, unknown>> {
  let memos = memosOf.get(i18n);
  if (!memos) {
    const set = new Set<Map<string, unknown>>();
    memosOf.set(i18n, (memos = set));
    const drop = () => set.forEach((m) => m.clear());
    i18n.store?.on('added', drop);
    i18n.store?.on('removed', drop);
  }
  return memos;
}

/** Browser: the components to render again when an instance's language changes (one i18next listener each). */
const languageListeners = new WeakMap<I18n, Set<() => void>>();

/** Subscribes `listener` to the language changes of `i18n` (useSyncExternalStore's subscribe). */
function onLanguage(i18n: I18n, listener: () => void): () => void {
  let set = languageListeners.get(i18n);
  if (!set) {
    const listeners = new Set<() => void>();
    languageListeners.set(i18n, (set = listeners));
    i18n.on('languageChanged', () => listeners.forEach((l) => l()));
  }
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * `useTranslation` of react-i18next, made once per language and shared (see the file header).
 * @param ns namespace(s); default: the instance's default namespace
 * @param options `i18n` instance (else the provider's, else the global one), `lng`, `keyPrefix`
 */
export function useTranslation(ns?: string | readonly string[], options: { i18n?: I18n; lng?: string; keyPrefix?: string } = {}): Translation {
  const fromContext = useContext(I18nContext)?.i18n;
  const i18n = options.i18n ?? fromContext ?? getI18n();
  // Renders again on a language change (the server's build never changes language: no subscription there).
  const language = import.meta.env.SSR ? i18n.language : useSyncExternalStore((l) => onLanguage(i18n, l), () => i18n.language, () => i18n.language);
  const lng = options.lng ?? language;
  const key = `${lng}|${Array.isArray(ns) ? ns.join(',') : (ns ?? '')}|${options.keyPrefix ?? ''}`;
  let byKey = made.get(i18n);
  if (!byKey) made.set(i18n, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) {
    const namespace = Array.isArray(ns) ? ns[0] : (ns as string | undefined);
    const t = memoized(i18n.getFixedT(lng, namespace ?? null, options.keyPrefix) as TFunction, memosFor(i18n));
    result = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, result);
  }
  return result;
}
