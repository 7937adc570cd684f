import { countdownText, liveStage } from '../store/room-selectors';
import { START_1930 } from './fixtures';

const at = (secondsFromStart: number) => START_1930 * 1000 + secondsFromStart * 1000;

describe('liveStage: what the top of a live screen shows', () => {
  it('upcoming: the countdown until it would read zero, then "about to start" while the server still says upcoming', () => {
    expect(liveStage(2, START_1930, null)).toBe('waiting');
    expect(liveStage(2, START_1930, at(-3600))).toBe('waiting');
    expect(liveStage(2, START_1930, at(-1))).toBe('waiting');
    expect(countdownText(START_1930, at(-1))).toBe('00:00:01');
    // From here the countdown would say 00:00:00 or go negative: it is hidden and the stage says so.
    expect(liveStage(2, START_1930, at(-0.5))).toBe('starting');
    expect(countdownText(START_1930, at(-0.5))).toBeNull();
    expect(liveStage(2, START_1930, at(0))).toBe('starting');
    expect(liveStage(2, START_1930, at(600))).toBe('starting');
  });

  it('the status decides once the server moved it, whatever the clock says', () => {
    expect(liveStage(1, START_1930, at(-60))).toBe('live');
    expect(liveStage(1, START_1930, null)).toBe('live');
    expect(liveStage(3, START_1930, at(60))).toBe('ended');
  });
});
