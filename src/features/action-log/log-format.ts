import type { ActionLog, ActionLogEntry } from '../../api/contract/action-log';
import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION } from '../../api/contract/action-log-constants';

export type { ActionLog, ActionLogEntry };

/** A log that cannot be replayed, with a sentence a developer can act on. */
export class ActionLogFormatError extends Error {
  override name = 'ActionLogFormatError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a parsed log's shape (the client carries no schema library; the JSON schema in
 * log-format.schema.json says the same) and refuses other formats and versions clearly.
 */
export function parseActionLog(input: unknown): ActionLog {
  const raw = typeof input === 'string' ? parseJson(input) : input;
  if (!isRecord(raw) || raw.format !== ACTION_LOG_FORMAT)
    throw new ActionLogFormatError('这不是操作日志文件（缺少 format 字段或格式不同）');
  const version = raw.version;
  if (typeof version !== 'number') throw new ActionLogFormatError('操作日志缺少版本号，无法回放');
  if (version < ACTION_LOG_VERSION) {
    throw new ActionLogFormatError(
      `操作日志版本 ${version} 过旧：当前只支持版本 ${ACTION_LOG_VERSION}，请用记录它的应用版本（${String(raw.appVersion ?? '未知')}）回放`,
    );
  }
  if (version > ACTION_LOG_VERSION)
    throw new ActionLogFormatError(
      `操作日志版本 ${version} 比本工具新（支持 ${ACTION_LOG_VERSION}），请更新代码后再回放`,
    );
  if (!isRecord(raw.startState)) throw new ActionLogFormatError('操作日志缺少初始状态 startState');
  if (!Array.isArray(raw.entries)) throw new ActionLogFormatError('操作日志缺少 entries 列表');
  raw.entries.forEach((e, i) => {
    if (
      !isRecord(e) ||
      typeof e.seq !== 'number' ||
      typeof e.t !== 'number' ||
      typeof e.route !== 'string' ||
      !isRecord(e.action) ||
      typeof e.action.type !== 'string'
    ) {
      throw new ActionLogFormatError(`操作日志第 ${i} 条记录格式不对（需要 seq、t、route、action.type）`);
    }
  });
  if (!isRecord(raw.context) || typeof raw.appVersion !== 'string' || typeof raw.environment !== 'string') {
    throw new ActionLogFormatError('操作日志缺少 appVersion、environment 或 context');
  }
  return raw as unknown as ActionLog;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ActionLogFormatError(
      `操作日志不是合法的 JSON：${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
