import Button from 'antd-mobile/es/components/button';
import { type CSSProperties, type SyntheticEvent, useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { type FrameTarget, resolveFrameTarget, routes } from '@/routes';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { LostImage } from '@/ui/illustrations';

/*
 * /iframe?url=<address>: where the navigation guard sends a desktop browser (see
 * src/app/router/GUARD.md). It frames the same-origin address with ispc=pcWork added, in a
 * phone-width column centred on the desktop, the way advisers use the PC work-chat.
 */

const stage: CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'flex',
  justifyContent: 'center',
  background: '#eef0f3',
};
// Phone width on a desktop, full width on anything narrower.
const frame: CSSProperties = {
  width: '100%',
  maxWidth: 430,
  height: '100%',
  border: 'none',
  background: '#fff',
  boxShadow: '0 0 24px rgba(0, 0, 0, 0.08)',
};

const refusal: Record<Exclude<FrameTarget, { ok: true }>['reason'], string> = {
  missing: '链接中缺少要打开的页面地址',
  invalid: '要打开的页面地址无效',
  'cross-origin': '出于安全考虑，只能打开本站的页面',
  nested: '不能在此页面中再次打开自身',
};

export default function IframeScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('url');
  const target = useMemo(() => resolveFrameTarget(raw, window.location.origin), [raw]);

  // Same origin, so the framed page's title is readable. The framed app sets its title after
  // it has rendered (later than the load event), so keep following it while it changes.
  const titleWatch = useRef<MutationObserver | null>(null);
  const followTitle = useCallback((event: SyntheticEvent<HTMLIFrameElement>) => {
    titleWatch.current?.disconnect();
    titleWatch.current = null;
    let doc: Document | null = null;
    try {
      doc = event.currentTarget.contentDocument;
    } catch {
      // The frame navigated to another origin: keep the route title.
    }
    if (!doc?.documentElement) return;
    const framed = doc;
    const sync = () => {
      if (framed.title) document.title = framed.title;
    };
    sync();
    titleWatch.current = new MutationObserver(sync);
    titleWatch.current.observe(framed.head ?? framed.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, []);
  useEffect(() => () => titleWatch.current?.disconnect(), []);

  if (!target.ok) {
    return (
      <main role="alert" style={{ minHeight: '100vh', background: '#fff', paddingTop: 64 }}>
        <ErrorBlock
          image={<LostImage />}
          title="无法打开该页面"
          description={refusal[target.reason]}
          style={{ '--image-height': '120px' }}
        >
          <Button color="primary" shape="rounded" onClick={() => navigate(routes.home.getHref())}>
            返回首页
          </Button>
        </ErrorBlock>
      </main>
    );
  }

  return (
    <div style={stage}>
      <iframe src={target.src} title={routes.iframe.title} style={frame} onLoad={followTitle} />
    </div>
  );
}
