import type { Db } from '../db/db';
import { writeSms } from '../models/userMessages';

/** What demo SMS say: [content, hours ago, sent, read]. */
const SMS: Array<[string, number, boolean, boolean]> = [
  ['【供应链金融服务平台】您有一笔业务待处理，请登录平台查看。', 2, true, false],
  ['【供应链金融服务平台】您的登录验证码为******，5分钟内有效，请勿泄露。', 26, true, true],
  ['【供应链金融服务平台】平台将于本周六凌晨进行例行维护。', 50, false, true],
];

/** Demo SMS for every demo user (the account centre's SMS list). */
export async function seedAccount(db: Db): Promise<void> {
  const users = await db.query<{ id: string; mobile: string }>('select id, mobile from users order by id');
  await db.transaction(async (tx) => {
    for (const u of users.rows) {
      for (const [i, [content, hours, sent, read]] of SMS.entries()) {
        await writeSms(tx, {
          id: `${u.id}-S${i + 1}`,
          userId: u.id,
          mobile: u.mobile,
          content,
          sendStatus: sent ? 'SENT' : 'FAILED',
          state: read ? 'READ' : 'UNREAD',
          createdAt: new Date(Date.now() - hours * 3_600_000),
        });
      }
    }
  });
}
