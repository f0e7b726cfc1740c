/**
 * The installed plugins: every workspace package under plugins/ whose package.json has a `quorum-plugin` field is
 * listed here, once (plugin.test.ts checks the two agree). A fixed list rather than a directory scan at start, so
 * the production bundle packs the plugins' code and nothing is ever loaded from outside the build (DESIGN.md:
 * no runtime code download).
 */
import type { QuorumPlugin } from '@quorum/plugin-api';
import connectorOidc from '@quorum/plugin-connector-oidc';
import userCenterWecom from '@quorum/plugin-user-center-wecom';
import userCenterDingtalk from '@quorum/plugin-user-center-dingtalk';
import userCenterSegmentfault from '@quorum/plugin-user-center-segmentfault';
import userCenterWechat from '@quorum/plugin-user-center-wechat';
import reviewerAkismet from '@quorum/plugin-reviewer-akismet';
import notifyChat from '@quorum/plugin-notify-chat';

/** Package name -> the plugins its entry module exports. */
export const INSTALLED_PACKAGES: ReadonlyArray<{ package: string; plugins: readonly QuorumPlugin[] }> = [
  { package: '@quorum/plugin-connector-oidc', plugins: connectorOidc },
  { package: '@quorum/plugin-user-center-wecom', plugins: [userCenterWecom] },
  { package: '@quorum/plugin-user-center-dingtalk', plugins: [userCenterDingtalk] },
  { package: '@quorum/plugin-user-center-segmentfault', plugins: [userCenterSegmentfault] },
  { package: '@quorum/plugin-user-center-wechat', plugins: [userCenterWechat] },
  { package: '@quorum/plugin-reviewer-akismet', plugins: [reviewerAkismet] },
  { package: '@quorum/plugin-notify-chat', plugins: [notifyChat] },
];

/** Every installed plugin, in list order. */
export const INSTALLED_PLUGINS: readonly QuorumPlugin[] = INSTALLED_PACKAGES.flatMap((p) => p.plugins);
