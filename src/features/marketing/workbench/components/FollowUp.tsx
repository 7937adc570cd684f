import { followUpText } from '@/features/marketing/shared';

/** The follow-up date promised at the last handling, on the card, so the day's calls are visible without opening it. */
export function FollowUp({ date, now }: { date: string; now: number }) {
  const { text, due } = followUpText(date, now);
  return (
    <div className={`mk-card__more${due ? ' mk-card__more--due' : ''}`} data-follow-up={date}>
      {text}
    </div>
  );
}
