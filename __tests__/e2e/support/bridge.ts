import type { BrowserContext, Page } from 'playwright-core';

type BridgeCall = { name: string; args: Record<string, unknown> };
declare global {
  interface Window {
    __bridge: { calls: BridgeCall[]; handlers: Record<string, (arg: unknown) => void> };
  }
}

/**
 * The native side of the JS-SDK, as the real weixin-js-sdk talks to it in WeChat and WeCom: records every call and
 * answers ":ok" (or, for a name in `answers`, what is given there, e.g. "sendChatMessage:fail no permission"), and
 * keeps the menu handlers so a test can press a share. On a page or a whole context. WeCom is outside this machine:
 * this is the one thing the e2e suites stand in for.
 */
export async function installFakeBridge(
  target: Page | BrowserContext,
  answers: Record<string, string> = {},
): Promise<void> {
  await target.addInitScript((answers: Record<string, string>) => {
    const calls: BridgeCall[] = [];
    const handlers: Record<string, (arg: unknown) => void> = {};
    window.__bridge = { calls, handlers };
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, args: Record<string, unknown>, cb?: (res: unknown) => void) {
        calls.push({ name, args });
        const said = answers[name] ?? `${name === 'preVerifyJSAPI' ? 'config' : name}:ok`;
        setTimeout(() => cb?.({ err_msg: said }), 0);
      },
      on(name: string, cb: (arg: unknown) => void) {
        handlers[name] = cb;
      },
    };
  }, answers);
}
