import type { Environment } from '../../../../config/types';
import type { SessionFlow } from './types';

/** The page address to come back to: the same one, minus the code and state of an earlier round. */
export function returnAddress(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('code');
  url.searchParams.delete('state');
  url.hash = '';
  return url.toString();
}

/**
 * The real authorization address formats (host from the environment):
 * WeCom  .../connect/oauth2/authorize?appid=CORPID&redirect_uri=…&response_type=code&scope=snsapi_base&state=…&agentid=AGENTID#wechat_redirect
 * WeChat .../connect/oauth2/authorize?appid=APPID&redirect_uri=…&response_type=code&scope=snsapi_userinfo&state=…#wechat_redirect
 */
export function authorizeUrl(environment: Environment, flow: SessionFlow, back: string, state: string): string {
  const wecom = flow === 'workChat';
  const host = wecom ? environment.workChat.authorizeHost : environment.webChat.authorizeHost;
  const params = new URLSearchParams({
    appid: wecom ? environment.workChat.corpId : environment.webChat.appId,
    redirect_uri: back,
    response_type: 'code',
    scope: wecom ? 'snsapi_base' : 'snsapi_userinfo',
    state,
  });
  if (wecom) params.set('agentid', environment.workChat.agentId);
  return `${host.replace(/\/+$/, '')}/connect/oauth2/authorize?${params.toString()}#wechat_redirect`;
}
