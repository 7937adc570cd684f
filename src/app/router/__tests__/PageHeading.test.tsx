import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { PageHeading } from '../PageHeading';

/** A screen whose own heading arrives later (after its data), or never. */
function Screen({ heading, hidden = false }: { heading: string | null; hidden?: boolean }) {
  return (
    <main style={hidden ? { display: 'none' } : undefined}>
      {heading && <h1>{heading}</h1>}
      <p>正文</p>
    </main>
  );
}

let showHeading: (v: string | null) => void = () => undefined;
function Page({ initial }: { initial: string | null }) {
  const [heading, setHeading] = useState(initial);
  showHeading = setHeading;
  return (
    <div>
      <PageHeading title="知识商城" />
      <Screen heading={heading} />
    </div>
  );
}

const levelOne = () => screen.queryAllByRole('heading', { level: 1 }).map((h) => h.textContent);

describe('PageHeading: exactly one h1 on every page', () => {
  it('names a screen without a heading of its own with the route title', () => {
    render(<Page initial={null} />);
    expect(levelOne()).toEqual(['知识商城']);
  });

  it('adds nothing when the screen has its own h1', () => {
    render(<Page initial="专家观点" />);
    expect(levelOne()).toEqual(['专家观点']);
  });

  it('steps aside when the screen’s own h1 arrives later, and returns when it goes', async () => {
    render(<Page initial={null} />);
    expect(levelOne()).toEqual(['知识商城']);
    await act(async () => showHeading('专家观点'));
    expect(levelOne()).toEqual(['专家观点']);
    await act(async () => showHeading(null));
    expect(levelOne()).toEqual(['知识商城']);
  });

  it('does not count the h1 of a kept-alive screen that is not on show', () => {
    render(
      <div>
        <PageHeading title="知识商城" />
        <Screen heading="商品列表" hidden />
      </div>,
    );
    expect(screen.getAllByRole('heading', { level: 1, hidden: true }).map((h) => h.textContent)).toEqual([
      '知识商城',
      '商品列表',
    ]);
  });
});
