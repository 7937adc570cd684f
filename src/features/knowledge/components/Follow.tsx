import { followTapped } from '../store/knowledge-slice';
import { selectFollowError, selectFollows } from '../store/selectors';

import type { StoreExpert } from '@/api/contract/store';
import { useAppDispatch, useAppSelector } from '@/store';

/** The follow as the reader sees it: the tapped state while it is sent, else the server's. */
export function useFollow(e: Pick<StoreExpert, 'id' | 'followed' | 'followers'>) {
  // The stored tap state only: a fallback object built inside the selector would be new on every call.
  const tapped = useAppSelector((s) => selectFollows(s)[e.id]);
  return tapped ?? { followed: e.followed, followers: e.followers, pending: false };
}

/** Follow / unfollow one expert (44 px). A double tap follows; taps while one is sent settle into one request. */
export function FollowButton({ e }: { e: Pick<StoreExpert, 'id' | 'name' | 'followed' | 'followers'> }) {
  const dispatch = useAppDispatch();
  const follow = useFollow(e);
  return (
    <button
      type="button"
      className={`kn-follow${follow.followed ? ' kn-follow--on' : ''}`}
      aria-pressed={follow.followed}
      aria-label={`${follow.followed ? '已关注' : '关注'} ${e.name}`}
      onClick={(ev) =>
        dispatch(
          followTapped({ expertId: e.id, followed: follow.followed, followers: follow.followers, at: ev.timeStamp }),
        )
      }
    >
      {follow.followed ? '已关注' : '+ 关注'}
    </button>
  );
}

/** Why the last follow did not go through (the button has already gone back). */
export function FollowError() {
  const error = useAppSelector(selectFollowError);
  return error ? (
    <p className="kn-error kn-pad" role="alert">
      {error}
    </p>
  ) : null;
}
