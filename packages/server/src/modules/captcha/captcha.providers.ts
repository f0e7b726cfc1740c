/**
 * The captcha providers: the three built in (image `basic_captcha`, proof of work `pow_captcha`, question and
 * answer `question_captcha`) and every installed plugin of kind `captcha` with captcha hooks. The admin picks one
 * (setting `captcha.provider`); a client that cannot solve its kind (Answer's own client knows only images) gets
 * the image captcha while `captcha.image_fallback` is on.
 */
import type { CaptchaHooks, PluginConfig, QuorumPlugin } from '@quorum/plugin-api';
import type { AppContext } from '../../core/context.js';
import { enabledPlugins } from '../plugin/index.js';
import { defaultGenerator, IMAGE_CAPTCHA_SLUG, imageCaptchaPlugin, type CaptchaGenerator } from './providers/image.js';
import { powCaptchaPlugin } from './providers/pow.js';
import { questionCaptchaPlugin } from './providers/question.js';

const generators = new WeakMap<AppContext, CaptchaGenerator>();

/** Replaces the image generator of one app (tests use a known answer). */
export function useCaptchaGenerator(ctx: AppContext, gen: CaptchaGenerator): void {
  generators.set(ctx, gen);
}

/** A provider: its plugin (manifest), hooks and plugin configuration ({} for the built-in ones). */
export interface CaptchaProvider {
  plugin: QuorumPlugin;
  hooks: CaptchaHooks;
  config: PluginConfig;
  builtin: boolean;
}

const builtins = (ctx: AppContext): QuorumPlugin[] => [imageCaptchaPlugin(() => generators.get(ctx) ?? defaultGenerator), powCaptchaPlugin, questionCaptchaPlugin];

/**
 * Every provider the admin can pick: the built-in ones, then the installed captcha plugins that are switched on
 * (admin plugins page; their configuration read fresh, as every plugin's).
 */
export async function captchaProviders(ctx: AppContext): Promise<CaptchaProvider[]> {
  const out: CaptchaProvider[] = builtins(ctx).map((plugin) => ({ plugin, hooks: plugin.captcha!, config: {}, builtin: true }));
  for (const { plugin, config } of await enabledPlugins(ctx, 'captcha')) if (plugin.captcha) out.push({ plugin, hooks: plugin.captcha, config, builtin: false });
  return out;
}

/** The provider with `slug`, or undefined when unknown or (a plugin) switched off. */
export async function captchaProvider(ctx: AppContext, slug: string): Promise<CaptchaProvider | undefined> {
  if (slug.length > 40) return undefined;
  return (await captchaProviders(ctx)).find((p) => p.plugin.manifest.slug_name === slug);
}

/** The built-in image provider (always there). */
export function imageProvider(ctx: AppContext): CaptchaProvider {
  const plugin = builtins(ctx)[0]!;
  return { plugin, hooks: plugin.captcha!, config: {}, builtin: true };
}

export { IMAGE_CAPTCHA_SLUG };
