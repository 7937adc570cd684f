import type { Db } from '../db/client';
import { sendSmsCode, type SmsSendOutcome } from './sms-lock';

export type SendOutcome = SmsSendOutcome;

/** The invitation service's SMS sends: the one rule of sms-lock.ts, under the invitation's phone keys. */
export function createMgmSmsRepository(db: Db) {
  return {
    send: (phone: string, address: string, now: Date): Promise<SendOutcome> => sendSmsCode(db, phone, address, now),
  };
}
