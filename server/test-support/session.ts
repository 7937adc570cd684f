import type { Database } from '../db/client';
import { createUsersRepository } from '../repositories/users';

/**
 * A live sign-in for a seeded user, written straight to the database: what a WeCom code
 * exchange (sid) or an SMS sign-in would have produced. Tests use it as the proof that
 * getToken, guarded routes and the marketing map (accountid) ask for.
 */
export async function sessionTokenFor(database: Database, uuid: string, now: Date): Promise<string> {
  const users = createUsersRepository(database.db);
  const user = await users.findByUuid(uuid);
  if (!user) throw new Error(`No seeded user ${uuid}`);
  return (await users.createSession(user.id, now)).token;
}
