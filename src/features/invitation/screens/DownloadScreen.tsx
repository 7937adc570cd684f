import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { routes } from '@/routes';
import { useAppDispatch } from '@/store';
import { currentContext } from '@/platform/context';
import { QrCode } from '../components/QrCode';
import './invitation.css';

/** The deeplink key of the invitation landing when the address carries none. */
const DEFAULT_DEEPLINK_KEY = 'mgm-invite';
/** The tracking feature's wake event (spec §7 deeplink): it fetches /sdk/deeplink/param, opens the app and falls back after 2500 ms. */
const wakeRequested = (key: string, downloadUrl: string) => ({ type: 'tracking/deeplinkWakeRequested', payload: { key, downloadUrl } });

/**
 * /download: on a phone a tap wakes the app (the local deeplink's download address is this page,
 * so waking by itself on open would loop); on a desktop a QR code of this page.
 */
export default function DownloadScreen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const key = params.get('deeplink') || DEFAULT_DEEPLINK_KEY;
  const fellBack = params.has('fallback') || params.has('wake');
  const desktop = useMemo(() => currentContext().desktop, []);
  const fallback = routes.download.getHref({}, { fallback: 1 });
  const wake = () => void dispatch(wakeRequested(key, fallback));
  const here = `${globalThis.location?.origin ?? ''}${routes.download.getHref()}`;

  return (
    <main className="inv inv-center">
      <section className="inv-card inv-hero">
        <h1>下载财富 App</h1>
        <p>观看直播、完成学习任务、查看会员积分</p>
      </section>
      {desktop ? (
        <section className="inv-card" data-testid="download-desktop">
          <h2>请用手机扫码下载</h2>
          <QrCode text={here} label="下载页二维码" />
          <p>用手机微信或浏览器扫描上方二维码，在手机上打开下载页。</p>
        </section>
      ) : (
        <section className="inv-card" data-testid="download-phone">
          <p>{fellBack ? '没有检测到已安装的 App，请先下载安装。' : '已安装 App 可直接打开；未安装时，点「打开 App」2.5秒后会自动前往下载。'}</p>
          <button type="button" className="inv-btn inv-btn--block" onClick={wake}>
            打开 App
          </button>
          <a className="inv-btn inv-btn--ghost inv-btn--block" style={{ lineHeight: '44px', textDecoration: 'none' }} href="https://apps.apple.com/" rel="noreferrer">
            App Store 下载
          </a>
          <a className="inv-btn inv-btn--ghost inv-btn--block" style={{ lineHeight: '44px', textDecoration: 'none' }} href={fallback}>
            安卓下载
          </a>
          <p style={{ fontSize: 13, color: '#86909c' }}>在微信中无法直接下载时，请点右上角「…」选择「在浏览器打开」。</p>
        </section>
      )}
    </main>
  );
}
