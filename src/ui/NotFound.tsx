import Button from 'antd-mobile/es/components/button';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { ErrorBlock } from './ErrorBlock';
import { LostImage } from './illustrations';
import { usePageBack } from './usePageBack';

export interface NotFoundProps {
  /** Where "返回首页" goes: routes.home.getHref() (ui/ knows no routes). */
  homeHref: string;
}

/** Shown for an address no route matches (an old or mistyped link). */
export default function NotFound({ homeHref }: NotFoundProps) {
  const { back, goHome } = usePageBack(homeHref);
  return (
    <main style={{ minHeight: '100vh', background: '#fff' }}>
      <NavBar onBack={back} back="返回">
        <h1 style={{ margin: 0, font: 'inherit' }}>页面不存在</h1>
      </NavBar>
      <ErrorBlock
        image={<LostImage />}
        title="没有找到这个页面"
        description="链接可能已失效，或页面已下线"
        style={{ '--image-height': '120px', paddingTop: 64 }}
      >
        <Button color="primary" shape="rounded" onClick={goHome}>
          返回首页
        </Button>
      </ErrorBlock>
    </main>
  );
}
