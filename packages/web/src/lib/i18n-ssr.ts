/**
 * react-i18next as the server-side renderer sees it: the SSR build resolves every `react-i18next` import to this
 * module (vite.config.ts), which is react-i18next with a cheaper `useTranslation`.
 *
 * react-i18next's hook is built for a browser whose language can change under it: on every call it copies the
 * i18next instance's properties into a wrapper object and makes a new fixed `t`, which a server render repeats
 * for each of the few hundred components of a page (about 8% of a question page's CPU, docs/BENCHMARKS.md). A
 * server render never changes language midway (entry-server.tsx sets it before rendering), so here the result
 * is made once per instance, language, namespace and key prefix, and reused. Same `t`, same strings.
 */
import { useContext } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

export * from 'react-i18next';

type Translation = [TFunction, I18n, boolean] & { t: TFunction; i18n: I18n; ready: boolean };

const made = new WeakMap<I18n, Map<string, Translation>>();

/**
 * `useTranslation` of react-i18next for server rendering (see the file header).
 * @param ns namespace(s); default: the instance's default namespace
 * @param options `i18n` instance (else the provider's, else the global one), `lng`, `keyPrefix`
 */
export function useTranslation(ns?: string | readonly string[], options: { i18n?: I18n; lng?: string; keyPrefix?: string } = {}): Translation {
  const fromContext = useContext(I18nContext)?.i18n;
  const i18n = options.i18n ?? fromContext ?? getI18n();
  const lng = options.lng ?? i18n.language;
  const key = `${lng}|${Array.isArray(ns) ? ns.join(',') : (ns ?? '')}|${options.keyPrefix ?? ''}`;
  let byKey = made.get(i18n);
  if (!byKey) made.set(i18n, (byKey = new Map()));
  let result = byKey.get(key);
  if (!result) {
    const namespace = Array.isArray(ns) ? ns[0] : (ns as string | undefined);
    const t = i18n.getFixedT(lng, namespace ?? null, options.keyPrefix) as TFunction;
    result = Object.assign([t, i18n, true] as [TFunction, I18n, boolean], { t, i18n, ready: true });
    byKey.set(key, result);
  }
  return result;
}
