/** The site's reply-by-e-mail settings (section `site_inbound_mail`, contract schemas/inbound-mail.ts), defaults filling what is not stored. */
import { INBOUND_MAIL_DEFAULTS, type InboundMailSettings } from '@quorum/contract';
import type { AppContext } from '../../core/context.js';
import { getSettings } from '../siteinfo/index.js';

/** The settings in force (cached with the site settings). */
export async function inboundSettings(ctx: AppContext): Promise<InboundMailSettings> {
  const stored = ((await getSettings(ctx)) as { site_inbound_mail?: Partial<InboundMailSettings> }).site_inbound_mail ?? {};
  return { ...INBOUND_MAIL_DEFAULTS, ...stored };
}
