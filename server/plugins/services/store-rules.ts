import {
  FORBIDDEN_PROMISES,
  QUESTION_MAX_LENGTH,
  QUESTION_MIN_LENGTH,
  SENSITIVE_WORDS,
  StoreErrorCode,
  findWord,
  type AnswerState,
} from '../../../src/api/contract/store-constants';
import { ApiError } from '../../http/errors';

const refuse = (code: number, message: string) => new ApiError(400, code, message);

/** A customer's question as it will be stored (trimmed), or the refusal naming the rule. */
export function checkQuestion(raw: string): string {
  const text = raw.trim();
  const length = [...text].length;
  if (length < QUESTION_MIN_LENGTH) throw refuse(StoreErrorCode.questionTooShort, `问题至少需要${QUESTION_MIN_LENGTH}个字`);
  if (length > QUESTION_MAX_LENGTH) throw refuse(StoreErrorCode.questionTooLong, `问题不能超过${QUESTION_MAX_LENGTH}个字（当前${length}个字）`);
  const word = findWord(text, SENSITIVE_WORDS);
  if (word) throw refuse(StoreErrorCode.sensitiveWord, `问题包含敏感词「${word}」，请修改后再提交`);
  return text;
}

/** An answer may not promise returns: refused before it can even reach review. */
export function checkAnswerForSubmit(text: string): void {
  const word = findWord(text, FORBIDDEN_PROMISES);
  if (word) throw refuse(StoreErrorCode.forbiddenPromise, `回答包含承诺收益的用语「${word}」，不能提交审核`);
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
  const words: Record<AnswerState, string> = { draft: '草稿', in_review: '审核中', published: '已发布', returned: '已退回' };
  return refuse(StoreErrorCode.badTransition, `该回答${words[state]}，不能${{ save: '保存', submit: '提交审核', publish: '发布', return: '退回' }[action]}`);
}
