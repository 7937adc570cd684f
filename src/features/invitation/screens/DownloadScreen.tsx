import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { QrCode } from '../components/QrCode';
import { downloadEvents, selectDownload } from '../store/download-slice';

import './invitation.css';

import { currentContext } from '@/platform/context';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

/** The deeplink key of the invitation landing when the address carries none. */
const DEFAULT_DEEPLINK_KEY = 'mgm-invite';

/**
 * /download: on a phone the deeplink answer (docs/rules/services.md#deeplink) gives each system's download address; 打开 App
 * wakes the app and, if it is not installed, goes on to this system's address after 2,500 ms.
 * On a desktop a QR code of this page.
 */
export default function DownloadScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const key = params.get('deeplink') || DEFAULT_DEEPLINK_KEY;
  // Where a universal link that found no app lands (the wake URL of older set-ups points here).
  const fellBackBefore = params.has('fallback') || params.has('wake');
  const context = useMemo(() => currentContext(), []);
  const { links, wakeLink, wake } = useAppSelector(selectDownload);
  const here = `${globalThis.location?.origin ?? ''}${routes.download.getHref()}`;

  useEffect(() => {
    if (!context.desktop) dispatch(downloadEvents.downloadPageOpened({ key }));
  }, [context.desktop, dispatch, key]);

  if (context.desktop) {
    return (
      <main className="inv inv-center">
        <Hero />
        <section className="inv-card" data-testid="download-desktop">
          <h2>请用手机扫码下载</h2>
          <QrCode text={here} label="下载页二维码" />
          <p>用手机微信或浏览器扫描上方二维码，在手机上打开下载页。</p>
        </section>
      </main>
    );
  }

  // This phone's own store first and filled; the other stays for a person downloading for another phone.
  const stores = [
    { system: 'ios' as const, label: 'App Store 下载', href: links.ios },
    { system: 'android' as const, label: '安卓下载', href: links.android },
  ].sort((a, b) => Number(context[b.system]) - Number(context[a.system]));

  return (
    <main className="inv inv-center">
      <Hero />
      <section className="inv-card" data-testid="download-phone" aria-busy={links.status === 'loading'}>
        {links.status === 'failed' ? (
          <div role="alert" data-testid="download-failed">
            <p className="inv-error">{links.error}</p>
            <button
              type="button"
              className="inv-btn inv-btn--block"
              onClick={() => dispatch(downloadEvents.downloadPageOpened({ key }))}
            >
              重试
            </button>
          </div>
        ) : links.status !== 'loaded' ? (
          <p aria-live="polite">正在获取下载地址…</p>
        ) : (
          <>
            <p aria-live="polite">
              {wake === 'waking'
                ? '正在打开 App…未安装时2.5秒后自动前往下载。'
                : wake === 'fellBack' || fellBackBefore
                  ? '没有检测到已安装的 App，请先下载安装。'
                  : '已安装 App 可直接打开；未安装时，点「打开 App」2.5秒后会自动前往下载。'}
            </p>
            {wakeLink && (
              <button
                type="button"
                className="inv-btn inv-btn--block"
                disabled={wake === 'waking'}
                onClick={() => dispatch(downloadEvents.appWakeRequested())}
              >
                {wake === 'waking' ? '正在打开…' : '打开 App'}
              </button>
            )}
            {stores.map(
              (s) =>
                s.href && (
                  <a
                    key={s.system}
                    data-testid={`download-${s.system}`}
                    className={`inv-btn inv-btn--block inv-btn--link${context[s.system] ? '' : ' inv-btn--ghost'}`}
                    href={s.href}
                    rel="noreferrer"
                  >
                    {s.label}
                  </a>
                ),
            )}
          </>
        )}
        <p className="inv-hint">在微信中无法直接下载时，请点右上角「…」选择「在浏览器打开」。</p>
      </section>
    </main>
  );
}

function Hero() {
  return (
    <section className="inv-card inv-hero">
      <h1>下载财富 App</h1>
      <p>观看直播、完成学习任务、查看会员积分</p>
    </section>
  );
}
