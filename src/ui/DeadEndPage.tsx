import NavBar from 'antd-mobile/es/components/nav-bar';
import type { ReactNode } from 'react';

import { ErrorBlock } from './ErrorBlock';
import { LostImage } from './illustrations';
import { usePageBack } from './use-page-back';

import './DeadEndPage.css';

export interface DeadEndPageProps {
  /** The header's title. */
  heading: string;
  title: string;
  description: string;
  /** Where the header's back goes when this page was the first one opened (ui/ knows no routes). */
  homeHref: string;
  /** The way out: a link or button, styled by `dead-end__action`. */
  children: ReactNode;
}

/**
 * One look for every page that cannot show what was asked (an unknown address, a broken or incomplete
 * live link): a header with back, what is wrong in plain words, and one way on (issue 15 item 12).
 */
export function DeadEndPage({ heading, title, description, homeHref, children }: DeadEndPageProps) {
  const { back } = usePageBack(homeHref);
  return (
    <main className="dead-end">
      <NavBar onBack={back} back="返回">
        <h1 className="dead-end__heading">{heading}</h1>
      </NavBar>
      <ErrorBlock
        image={<LostImage />}
        title={title}
        description={description}
        style={{ '--image-height': '120px', paddingTop: 64 }}
      >
        {children}
      </ErrorBlock>
    </main>
  );
}
