import type { ModelEngine } from '@server/models/modelEngine';
import { EngineSeeder } from '@server/seed/engineSeeder';

const DIST = 'creditLimitDistribution';

/**
 * Demo limit distributions (my/limit/*), made through the models engine after the limits exist: the core
 * group gave its project department a child limit (approved with the director's seeded signature), and a
 * later increase was refused with a reason.
 */
export async function seedLimitDistributions(engine: ModelEngine): Promise<void> {
  const s = await EngineSeeder.open({ engine });
  const body = (afterAmount: string, reason: string) => ({
    targetCorpId: 'UNIT001',
    product: 'credit',
    afterAmount,
    reason,
  });
  s.daysAgo(20);
  const granted = await s.as('core_operator').create(DIST, body('3000000.00', '项目部年度采购计划'));
  s.daysAgo(19);
  await s.as('core_director').act(DIST, String(granted.id), 'approve');
  s.daysAgo(10);
  const more = await s.as('core_operator').create(DIST, body('5000000.00', '项目部追加钢材采购'));
  s.daysAgo(9);
  await s.as('core_director').act(DIST, String(more.id), 'refuse', { reason: '项目进度未达预期，暂不追加' });
}
