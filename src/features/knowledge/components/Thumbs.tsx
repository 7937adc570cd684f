import Skeleton from 'antd-mobile/es/components/skeleton';
import { useEffect, useState } from 'react';

import { thumbsTapped } from '../store/knowledge-slice';
import { selectLikes } from '../store/selectors';

import { useAppDispatch, useAppSelector } from '@/store';

/** Sanitized rich text (DOMPurify in its own chunk); images load lazily. */
export function RichText({ html }: { html: string }) {
  const [safe, setSafe] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import(/* webpackChunkName: "sanitize" */ '../sanitize').then(
      ({ sanitizeHtml }) => live && setSafe(sanitizeHtml(html)),
      () => live && setSafe(''),
    );
    return () => {
      live = false;
    };
  }, [html]);
  if (safe === null) return <Skeleton.Paragraph lineCount={3} animated />;
  return <div className="kn-rich" dangerouslySetInnerHTML={{ __html: safe }} />;
}

export function Thumbs({
  itemType,
  itemId,
  liked,
  likes,
}: {
  itemType: 'answer' | 'article';
  itemId: number;
  liked: boolean;
  likes: number;
}) {
  const dispatch = useAppDispatch();
  // The stored tap state only: a fallback object built inside the selector would be new on every call.
  const tapped = useAppSelector((s) => selectLikes(s)[`${itemType}:${itemId}`]);
  const like = tapped ?? { liked, likes };
  return (
    <button
      type="button"
      className={`kn-thumb${like.liked ? ' kn-thumb--on' : ''}`}
      aria-pressed={like.liked}
      aria-label={`点赞 ${like.likes}`}
      onClick={(e) =>
        dispatch(thumbsTapped({ itemType, itemId, liked: like.liked, likes: like.likes, at: e.timeStamp }))
      }
    >
      {/* Drawn, not an emoji: phones without a colour-emoji font showed an empty box. */}
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={like.liked ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      >
        <path d="M7 10v11H3V10h4zm0 0l4-8c1.7 0 3 1.3 3 3v3h5.5c1.2 0 2.1 1.1 1.9 2.3l-1.4 8.4c-.2 1-1 1.3-2 1.3H7" />
      </svg>
      <span>{like.likes}</span>
    </button>
  );
}
