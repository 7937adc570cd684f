import type { BrowserContext, Page } from 'playwright-core';

type BridgeCall = { name: string; args: Record<string, unknown> };
declare global {
  interface Window {
    __bridge: { calls: BridgeCall[]; handlers: Record<string, (arg: unknown) => void> };
  }
}

/**
 * The native side of the JS-SDK, as the real weixin-js-sdk talks to it in WeChat and WeCom: records every call and
 * answers ":ok", and keeps the menu handlers so a test can press a share. On a page or a whole context.
 */
export async function installFakeBridge(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(() => {
    const calls: BridgeCall[] = [];
    const handlers: Record<string, (arg: unknown) => void> = {};
    window.__bridge = { calls, handlers };
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, args: Record<string, unknown>, cb?: (res: unknown) => void) {
        calls.push({ name, args });
        setTimeout(() => cb?.({ err_msg: `${name === 'preVerifyJSAPI' ? 'config' : name}:ok` }), 0);
      },
      on(name: string, cb: (arg: unknown) => void) {
        handlers[name] = cb;
      },
    };
  });
}
