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
 * live link): a header with back, what is wrong in plain words, and one way on.
 */
export function DeadEndPage({ heading, title, description, homeHref, children }: DeadEndPageProps) {
  const { back } = usePageBack(homeHref);
  return (
    <main className="dead-end">
      {/* The kit's NavBar puts role="button" on a box whose only text is hidden from screen readers: a real button. */}
      <header className="dead-end__bar">
        <button type="button" className="dead-end__back" onClick={back}>
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          返回
        </button>
        <h1 className="dead-end__heading">{heading}</h1>
      </header>
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
