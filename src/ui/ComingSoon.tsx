import Button from 'antd-mobile/es/components/button';
import NavBar from 'antd-mobile/es/components/nav-bar';
import { ErrorBlock } from './ErrorBlock';
import { ConstructionImage } from './illustrations';
import { usePageBack } from './use-page-back';

export interface ComingSoonProps {
  /** The screen's title, shown in the header. */
  title: string;
  /** Where "返回首页" goes: routes.home.getHref() (ui/ knows no routes). */
  homeHref: string;
}

/** Stand-in for a screen whose feature is not built yet: says so plainly and offers a way out. */
export default function ComingSoon({ title, homeHref }: ComingSoonProps) {
  const { back, goHome } = usePageBack(homeHref);
  return (
    <main style={{ minHeight: '100vh', background: '#fff' }}>
      <NavBar onBack={back} back="返回">
        <h1 style={{ margin: 0, font: 'inherit' }}>{title}</h1>
      </NavBar>
      <ErrorBlock
        image={<ConstructionImage />}
        title="功能建设中"
        description="该页面正在建设中，敬请期待"
        style={{ '--image-height': '120px', paddingTop: 64 }}
      >
        <Button color="primary" fill="outline" shape="rounded" onClick={goHome}>
          返回首页
        </Button>
      </ErrorBlock>
    </main>
  );
}
