import {
  type AnswerState,
  QUESTION_MAX_LENGTH,
  QUESTION_MIN_LENGTH,
  StoreErrorCode,
} from '../../../../src/api/contract/store-constants';
import { ApiError } from '../../../http/errors';
import { enforce, type Held, type PolicyDeps } from '../../../policy/content-policy';

const refuse = (code: number, message: string) => new ApiError(400, code, message);

/**
 * A customer's question as it will be stored (trimmed) and whether the policy holds it, or the refusal
 * naming the rule: the content policy with the store's sensitive words; a personal number is refused
 * (the question becomes public). The classifier's verdict is the only decision on its words.
 */
export async function checkQuestion(
  deps: PolicyDeps,
  raw: string,
  actorId: number | null,
): Promise<{ text: string; held: Held }> {
  const text = raw.trim();
  const length = [...text].length;
  if (length < QUESTION_MIN_LENGTH)
    throw refuse(StoreErrorCode.questionTooShort, `问题至少需要${QUESTION_MIN_LENGTH}个字`);
  if (length > QUESTION_MAX_LENGTH)
    throw refuse(StoreErrorCode.questionTooLong, `问题不能超过${QUESTION_MAX_LENGTH}个字（当前${length}个字）`);
  const { held } = await enforce(deps, text, {
    place: 'question',
    actorId,
    subject: 'question:-',
    sensitiveWords: true,
  });
  return { text, held };
}

/**
 * An answer may not promise returns nor carry a personal number: refused at submit and again at publish.
 * An uncertain one is held: its review decides it.
 */
export async function checkAnswer(deps: PolicyDeps, text: string, actorId: number, subject: string): Promise<Held> {
  return (await enforce(deps, text, { place: 'answer', actorId, subject })).held;
}

/**
 * The review state machine: which states an action may start from and where it leads.
 * draft → in_review (submit) → published | returned (decide); returned → draft/in_review (rewrite).
 */
export const TRANSITIONS = {
  save: { from: ['draft', 'returned'], to: 'draft' },
  submit: { from: ['draft', 'returned'], to: 'in_review' },
  publish: { from: ['in_review'], to: 'published' },
  return: { from: ['in_review'], to: 'returned' },
} as const satisfies Record<string, { from: readonly AnswerState[]; to: AnswerState }>;
export type AnswerAction = keyof typeof TRANSITIONS;

export function canTransition(action: AnswerAction, state: AnswerState): boolean {
  return (TRANSITIONS[action].from as readonly AnswerState[]).includes(state);
}

export function badTransition(action: AnswerAction, state: AnswerState): ApiError {
  const words: Record<AnswerState, string> = {
    draft: '草稿',
    in_review: '审核中',
    published: '已发布',
    returned: '已退回',
  };
  return refuse(
    StoreErrorCode.badTransition,
    `该回答${words[state]}，不能${{ save: '保存', submit: '提交审核', publish: '发布', return: '退回' }[action]}`,
  );
}
