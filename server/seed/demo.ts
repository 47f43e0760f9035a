import { hashPassword } from '../auth/passwords';
import type { Db, Queryable } from '../db/db';
import { ensureProductOpenings, openProduct } from '../models/productOpenings';
import { writeMessage } from '../models/userMessages';
import { PRODUCT_MANIFESTS } from '@contract/products';
import { PLATFORM_HOSTS } from './platforms';

/** The password of every demo user (DESIGN.md section 10; part of the contract). */
export const DEMO_PASSWORD = 'Demo@2026';

export const CORPS = [
  {
    id: 'CORE001',
    name: '华建集团第一工程局有限公司',
    code: '91350100M000100Y43',
    type: 'CORE',
    status: 'NORMAL',
  },
  { id: 'SUP001', name: '华建建材供应有限公司', code: '911100001000044477', type: 'CHAIN', status: 'NORMAL' },
  { id: 'SUP002', name: '恒通钢构有限公司', code: '91420100MA4K2C3L1P', type: 'CHAIN', status: 'NORMAL' },
  { id: 'SUP003', name: '远达劳务有限公司', code: '91440300MA5F8XR01P', type: 'CHAIN', status: 'CANCELLED' },
  { id: 'UNIT001', name: '华建一局第三项目部', code: '92510100MA6DF7Q307', type: 'UNIT', status: 'NORMAL' },
  { id: 'FIN001', name: '建信商业保理有限公司', code: '91310000MA1FL3XK54', type: 'FIN', status: 'NORMAL' },
  // A second factor: joint factoring (联合保理) shares a deal between funders.
  {
    id: 'FIN003',
    name: '中融联合商业保理有限公司',
    code: '91310000MA1FL4JT2T',
    type: 'FIN',
    status: 'NORMAL',
  },
] as const;

/** The products each demo enterprise has opened (corp_products): the manifests' `demo.openedBy`. */
export const OPENED: Readonly<Record<string, readonly string[]>> = PRODUCT_MANIFESTS.reduce<
  Record<string, string[]>
>((opened, m) => {
  for (const corp of m.demo.openedBy) (opened[corp] ??= []).push(m.code);
  return opened;
}, {});

interface DemoUser {
  username: string;
  name: string;
  corp: string;
  roles: string[];
}

const u = (username: string, name: string, corp: string, ...roles: string[]): DemoUser => ({
  username,
  name,
  corp,
  roles,
});

export const DEMO_USERS: DemoUser[] = [
  u('core_operator', '张建国', 'CORE001', 'ROLE_CORE_OPERATOR'),
  u('core_director', '李志强', 'CORE001', 'ROLE_CORE_DIRECTOR'),
  u('core_query', '王晓燕', 'CORE001', 'ROLE_CORE_QUERY'),
  u('core_final', '赵德明', 'CORE001', 'ROLE_CORE_FINAL'),
  u('core_purchase', '孙丽华', 'CORE001', 'ROLE_CORE_PURCHASE'),
  u('chain_operator', '陈立新', 'SUP001', 'ROLE_CORP_OPERATOR'),
  u('chain_director', '刘海峰', 'SUP001', 'ROLE_CORP_DIRECTOR'),
  u('chain_query', '周敏', 'SUP001', 'ROLE_CORP_QUERY'),
  u('chain_purchase', '吴刚', 'SUP001', 'ROLE_CORP_PURCHASE'),
  u('unit_operator', '郑伟', 'UNIT001', 'ROLE_UNIT_OPERATOR'),
  u('unit_director', '冯涛', 'UNIT001', 'ROLE_UNIT_DIRECTOR'),
  u('unit_query', '褚静', 'UNIT001', 'ROLE_UNIT_QUERY'),
  u('unit_purchase', '卫东', 'UNIT001', 'ROLE_UNIT_PURCHASE'),
  u('fin_client_manager', '蒋文博', 'FIN001', 'ROLE_FIN_CLIENT_MANAGER'),
  u('fin_product_manager', '沈佳怡', 'FIN001', 'ROLE_FIN_PRODUCT_MANAGER'),
  u('corp_manager', '韩雪', 'SUP001', 'ROLE_CORP_MANAGER'),
  u('dual_role', '杨帆', 'CORE001', 'ROLE_CORE_OPERATOR', 'ROLE_CORP_OPERATOR'),
  u('new_user', '朱小明', 'SUP002', 'ROLE_CORP_DEFAULT'),
  u('cancelled_user', '秦勇', 'SUP003', 'ROLE_CORP_OPERATOR'),
  u('fin2_client_manager', '欧阳明', 'FIN003', 'ROLE_FIN_CLIENT_MANAGER'),
  u('fin2_product_manager', '司马琳', 'FIN003', 'ROLE_FIN_PRODUCT_MANAGER'),
];

/** Unread in-site messages per user (the bell's dot); everyone else has only read ones. */
const UNREAD: Record<string, number> = {
  core_operator: 3,
  chain_operator: 2,
  core_director: 1,
  dual_role: 1,
};

/** What unread messages are about, per enterprise kind: a title, a text and the screen they lead to. */
const TODO_MESSAGES: Record<'core' | 'chain', Array<[string, string, string]>> = {
  core: [
    ['签发申请待处理', '有信用凭证签发申请待处理，请在签发查询中查看进度。', '/credit/core/issue/query'],
    ['凭证兑付提醒', '有信用凭证临近到期，请在兑付查询中安排兑付。', '/credit/core/cash/cash-query'],
    [
      '供应商融资进度',
      '供应商的融资申请有新进展，请在融资查询中查看。',
      '/credit/core/supplier/finance-query',
    ],
  ],
  chain: [
    [
      '信用凭证待签收',
      '有核心企业签发的信用凭证待签收，请在首页待办中处理。',
      '/credit/chain/index/operator',
    ],
    // The finance documents list (with the finance they belong to), not a bare upload page.
    ['融资资料待补充', '融资申请需要补充资料，请在融资资料中上传。', '/credit/index/finance'],
  ],
};

/** Public holidays of region R_156 (mainland China) for 2026 and 2027. */
const HOLIDAYS: string[] = [
  ...[
    '01-01',
    '01-02',
    '01-03',
    '02-15',
    '02-16',
    '02-17',
    '02-18',
    '02-19',
    '02-20',
    '02-21',
    '02-22',
    '02-23',
  ],
  ...['04-04', '04-05', '04-06', '05-01', '05-02', '05-03', '05-04', '05-05', '06-19', '06-20', '06-21'],
  ...['09-25', '09-26', '09-27', '10-01', '10-02', '10-03', '10-04', '10-05', '10-06', '10-07'],
].flatMap((d) => [`2026-${d}`, `2027-${d}`]);

/** Seeds the demo world once (nothing happens when enterprises already exist). */
export async function seedDemo(db: Db): Promise<boolean> {
  const existing = await db.query<{ n: number }>('select count(*)::int as n from corps');
  if ((existing.rows[0]?.n ?? 0) > 0) return false;
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    for (const c of CORPS) {
      await tx.query(
        'insert into corps (id, name, credit_code, corp_type, registry_status) values ($1,$2,$3,$4,$5)',
        [c.id, c.name, c.code, c.type, c.status],
      );
      await ensureProductOpenings(tx, c.id);
      for (const product of OPENED[c.id] ?? []) await openProduct(tx, c.id, product);
    }
    for (const [i, user] of DEMO_USERS.entries()) await insertUser(tx, user, i, hashes[i]!);
    for (const [host, config] of PLATFORM_HOSTS) {
      await tx.query('insert into platforms (host, config) values ($1, $2)', [host, JSON.stringify(config)]);
    }
    for (const day of HOLIDAYS)
      await tx.query("insert into holidays (region, day) values ('R_156', $1)", [day]);
  });
  return true;
}

async function insertUser(tx: Queryable, user: DemoUser, index: number, hash: string): Promise<void> {
  const id = `U${String(index + 1).padStart(4, '0')}`;
  const mobile = `1380000${String(index + 1).padStart(4, '0')}`;
  await tx.query(
    `insert into users (id, username, password_hash, person_name, mobile, corp_id, enable_switch_version)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [id, user.username, hash, user.name, mobile, user.corp, user.username === 'core_operator'],
  );
  for (const role of user.roles)
    await tx.query('insert into user_roles (user_id, role_code) values ($1, $2)', [id, role]);
  const unread = UNREAD[user.username] ?? 0;
  const todos = TODO_MESSAGES[user.roles[0]?.startsWith('ROLE_CORE_') ? 'core' : 'chain'];
  for (let m = 0; m < unread + 2; m++) {
    const todo = m < unread ? todos[m % todos.length] : undefined;
    await writeMessage(tx, {
      id: `${id}-M${m + 1}`,
      userId: id,
      messageType: todo ? 'BUSINESS' : 'SYSTEM',
      title: todo?.[0] ?? `系统通知（${m + 1}）`,
      content: todo?.[1] ?? '平台将于本周六凌晨进行例行维护。',
      state: todo ? 'UNREAD' : 'READ',
      link: todo?.[2] ?? null,
      createdAt: new Date(Date.now() - (m * 5 + 1) * 3_600_000),
    });
  }
}
