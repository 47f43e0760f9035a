/** The checks of a statistics page: measures and groupings the model's aggregates offer. */
import type { ModelDefinition } from '@renderer/core/model';
import type { StatisticsBody } from '@renderer/core/schema';

/** What {@link checkStatistics} needs from the page checker. */
export interface StatisticsCheckHelpers {
  report: (pointer: string, message: string) => void;
  /** Reports a field the model lacks. */
  checkField: (pointer: string, field: string) => void;
}

/** Checks figures and charts against the model's `aggregates` (ADR 0007). */
export function checkStatistics(
  statistics: StatisticsBody,
  model: ModelDefinition | undefined,
  { report, checkField }: StatisticsCheckHelpers,
): void {
  const aggregates = model?.aggregates;
  const checkMeasure = (pointer: string, measure: string): void => {
    if (measure === 'count' || !model) return;
    if (aggregates && !aggregates.measures.includes(measure)) {
      report(
        pointer,
        `模型 "${model.name}" 不能对 "${measure}" 求和（可用：count, ${aggregates.measures.join(', ')}）`,
      );
    } else if (!aggregates) checkField(pointer, measure);
  };
  const checkGroupBy = (pointer: string, groupBy: string | undefined): void => {
    if (groupBy === undefined || !model) return;
    if (!aggregates) report(pointer, `模型 "${model.name}" 没有统计分组（aggregates）`);
    else if (!Object.prototype.hasOwnProperty.call(aggregates.groupBy, groupBy)) {
      report(
        pointer,
        `模型 "${model.name}" 中没有分组 "${groupBy}"（可用：${Object.keys(aggregates.groupBy).join(', ')}）`,
      );
    }
  };
  const keys = new Set<string>();
  const items = [
    ...(statistics.figures ?? []).map((item, i) => ({ item, at: `/statistics/figures/${i}` })),
    ...(statistics.charts ?? []).map((item, i) => ({ item, at: `/statistics/charts/${i}` })),
  ];
  for (const { item, at } of items) {
    if (keys.has(item.key)) report(`${at}/key`, `名称 "${item.key}" 重复`);
    keys.add(item.key);
    checkMeasure(`${at}/measure`, item.measure);
    checkGroupBy(`${at}/groupBy`, item.groupBy);
  }
  if (items.length === 0) report('/statistics', '至少应有一个 figures 或 charts');
}
