/**
 * Test support for the user-center plugins: a small local HTTP server and, on it, a fake of each provider that
 * speaks the provider's documented endpoints (DingTalk, WeChat, SegmentFault). Started by the tests on free ports.
 */
export { startFakeServer, redirectBack, type FakeServer, type FakeRequest, type FakeReply, type FakeRoute } from './http.js';
export { Grants, type CodeRefusal } from './grants.js';
export { startFakeDingTalk, type DingTalkAccount, type FakeDingTalk } from './dingtalk.js';
export { startFakeWeChat, type FakeWeChat, type WeChatAccount, type WeChatFakeApp } from './wechat.js';
export { startFakeSegmentFault, type FakeSegmentFault, type SegmentFaultAccount } from './segmentfault.js';
