import { and, desc, eq, not, or } from 'drizzle-orm';

import type { ChatMessage } from '../../src/api/contract/chat-room';
import type { LeaveMessage } from '../../src/api/contract/live-room';
import { maskName } from '../../src/api/contract/mask';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { Db } from '../db/client';
import { leaveMessages, liveMessages, policyHolds } from '../db/schema';
import { holdOf, markOf, withheld } from './policy-holds';

/** How many messages a room answers with: the latest ones, oldest first. */
export const ROOM_MESSAGE_LIMIT = 50;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** How many chat messages and public leave-messages the room holds. */
export async function roomMessageCounts(db: Db, liveId: number, roomId: string) {
  const [messages, leaves] = await Promise.all([
    db.$count(liveMessages, eq(liveMessages.roomId, roomId)),
    db.$count(leaveMessages, and(eq(leaveMessages.liveId, liveId), not(withheld('leave_message', leaveMessages.id)))),
  ]);
  return { messages: Number(messages), leaves: Number(leaves) };
}

/** The room's chat and leave-messages: held ones reach nobody but their writer. */
export function createRoomMessagesRepository(db: Db) {
  return {
    /** The room's latest chat and leave-messages together, oldest first. */
    async roomMessages(liveId: number, roomId: string): Promise<ChatMessage[]> {
      const [chats, leaves] = await Promise.all([
        db
          .select()
          .from(liveMessages)
          .where(eq(liveMessages.roomId, roomId))
          .orderBy(desc(liveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
        // A held leave-message reaches nobody but its writer (who reads it in the message list).
        db
          .select()
          .from(leaveMessages)
          .where(and(eq(leaveMessages.liveId, liveId), not(withheld('leave_message', leaveMessages.id))))
          .orderBy(desc(leaveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
      ]);
      const all: ChatMessage[] = [
        ...chats.map((m): ChatMessage => ({
          id: `c${m.id}`,
          kind: 'chat',
          sender_name: m.senderName,
          sender_role: m.senderRole,
          content: m.content,
          created_at: seconds(m.createdAt),
        })),
        ...leaves.map((m): ChatMessage => ({
          id: `l${m.id}`,
          kind: 'leave',
          // A public list: the writer's name masked (张*明), as every list shows a person.
          sender_name: m.realName ? maskName(m.realName) : '游客',
          sender_role: 'viewer',
          content: m.content,
          created_at: seconds(m.createdAt),
        })),
      ];
      all.sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id));
      return all.slice(-ROOM_MESSAGE_LIMIT);
    },

    async leaveMessage(
      liveId: number,
      employeeId: string,
      realName: string,
      content: string,
      now: Date,
    ): Promise<LeaveMessage> {
      const [row] = await db
        .insert(leaveMessages)
        .values({ liveId, employeeId, realName, content, createdAt: now })
        .returning();
      return {
        id: row!.id,
        num_index: liveId,
        real_name: row!.realName,
        content: row!.content,
        created_at: seconds(row!.createdAt),
        hold: null,
      };
    },

    /**
     * A live's messages as one viewer reads them: the public ones, and the viewer's own held or rejected
     * ones with their mark (待合规审核 / 未通过); `viewer` '' (a guest) reads only the public ones.
     */
    async leaveMessages(liveId: number, viewer = ''): Promise<{ list: LeaveMessage[]; total: number }> {
      const shown = and(
        eq(leaveMessages.liveId, liveId),
        viewer
          ? or(not(withheld('leave_message', leaveMessages.id)), eq(leaveMessages.employeeId, viewer))
          : not(withheld('leave_message', leaveMessages.id)),
      );
      const [rows, total] = await Promise.all([
        db
          .select({ m: leaveMessages, h: policyHolds })
          .from(leaveMessages)
          .leftJoin(policyHolds, holdOf('leave_message', leaveMessages.id))
          .where(shown)
          .orderBy(desc(leaveMessages.id))
          .limit(ROOM_MESSAGE_LIMIT),
        db.$count(leaveMessages, shown),
      ]);
      return {
        total: Number(total),
        // Anyone may read a live's messages: names masked (张*明), never the full legal name.
        list: rows.map(({ m: r, h }) => ({
          id: r.id,
          num_index: liveId,
          real_name: r.realName ? maskName(r.realName) : '',
          // Masked on write already; masked again on read, so a message stored before a rule existed is covered.
          content: maskPersonalNumbers(r.content),
          created_at: seconds(r.createdAt),
          hold: markOf(h),
        })),
      };
    },
  };
}
