import { materialReviewDecided } from '../store/staff-slice';
import { when } from './DeskList';
import { ReviewMaterialPreview } from './ReviewMaterialPreview';
import { Blocked, DecisionButtons, Outcome, ReasonField, useReviewItem } from './ReviewParts';

import { MATERIAL_REVIEW_STATE_LABELS } from '@/api/contract/market-map-materials';
import { MATERIAL_REVIEW_COMMENT_MAX, type MaterialReviewItem } from '@/api/contract/material-review';
import { useAppDispatch } from '@/store';

/** One material waiting on 审核台: approve (the server gives the review number) or return with 修改意见. */
export function ReviewMaterialItem({ m }: { m: MaterialReviewItem }) {
  const dispatch = useAppDispatch();
  const key = `material:${m.material_id}`;
  const { reason: comment, setReason: setComment, blocked, busy } = useReviewItem(key, m.four_eyes);
  const id = `comment-${m.material_id}`;
  return (
    <article className="st-card" data-review-material={m.material_id}>
      <div className="st-meta">
        <span className="st-tag st-tag--amber">{MATERIAL_REVIEW_STATE_LABELS[m.state]}</span>
        <span>作者：{m.author?.name ?? '素材库'}</span>
        {m.owner && m.owner.id !== m.author?.id && <span>理财师：{m.owner.name}</span>}
        <span>提交 {when(m.submitted_at)}</span>
      </div>
      {m.last_comment && <p className="rm-comment">上次修改意见：{m.last_comment}</p>}
      <ReviewMaterialPreview m={m} />
      <Blocked reason={m.four_eyes} />
      <ReasonField
        id={id}
        label="修改意见（退回时必填）"
        value={comment}
        setValue={setComment}
        disabled={blocked}
        maxLength={MATERIAL_REVIEW_COMMENT_MAX}
        placeholder="例如：请补充风险提示，删去收益承诺"
        multiline
      />
      <Outcome pendingKey={key} />
      <DecisionButtons
        off={blocked || busy}
        reason={comment}
        approve="通过并编号"
        onApprove={() => dispatch(materialReviewDecided({ materialId: m.material_id, decision: 'approve' }))}
        reject="退回修改"
        onReject={(why) =>
          dispatch(materialReviewDecided({ materialId: m.material_id, decision: 'return', comment: why }))
        }
      />
    </article>
  );
}
