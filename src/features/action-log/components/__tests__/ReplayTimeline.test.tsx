import { render } from '@testing-library/react';

import { ReplayTimeline } from '../ReplayTimeline';
import type { TimelineIndex } from '../timeline-index';

const LINE = 20;
const BOX = 320;

/** Layout jsdom does not do: the list is a 320 px box, each line 20 px, placed by the list's scrollTop. */
function laidOut() {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const list = this.closest('ul');
    if (this.tagName === 'UL') return DOMRect.fromRect({ x: 0, y: 0, width: 390, height: BOX });
    const row = Array.from(list?.children ?? []).indexOf(this);
    const top = row * LINE - (list?.scrollTop ?? 0);
    return DOMRect.fromRect({ x: 0, y: top, width: 390, height: LINE });
  });
}

const index: TimelineIndex = {
  errorSteps: [90],
  labels: Array.from({ length: 120 }, (_, i) => `lives/step${i + 1}`),
  requestsBySeq: new Map(),
};

describe('the timeline keeps the chosen step in view', () => {
  afterEach(() => jest.restoreAllMocks());

  it('scrolls the list to a step below it and back up to one above it', () => {
    laidOut();
    const { container, rerender } = render(
      <ReplayTimeline index={index} step={1} setStep={() => undefined} total={120} />,
    );
    const list = container.querySelector('ul')!;
    expect(list.scrollTop).toBe(0);
    // Step 90 (the first error) is line 90 of the window: far below the 320 px box.
    rerender(<ReplayTimeline index={index} step={90} setStep={() => undefined} total={120} />);
    const current = list.querySelector<HTMLElement>('.is-current')!;
    expect(current.textContent).toContain('lives/step90');
    const row = Array.from(list.children).indexOf(current);
    expect(list.scrollTop).toBe((row + 1) * LINE - BOX);
    // A step already in view does not move the list.
    const before = list.scrollTop;
    rerender(<ReplayTimeline index={index} step={89} setStep={() => undefined} total={120} />);
    expect(list.scrollTop).toBe(before);
    // A step above the view brings its line to the top.
    rerender(<ReplayTimeline index={index} step={2} setStep={() => undefined} total={120} />);
    const top = Array.from(list.children).indexOf(list.querySelector('.is-current')!);
    expect(list.scrollTop).toBe(top * LINE);
  });
});
