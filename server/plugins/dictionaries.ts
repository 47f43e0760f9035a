import type { FastifyInstance } from 'fastify';
import { API } from '@contract/api';
import type { ServerContext } from '../context';
import { BANK_BRANCHES, BANKS, type DictEntry, REGIONS } from '../dicts/dictionaryData';
import { ok } from '../errors';
import { route } from '../routes';

type DictQuery = { keyword?: string; page?: string; size?: string; parent?: string; bank?: string };

const toInt = (v: unknown, fallback: number, max: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/** One page of the entries under `parent` whose name or code contains the keyword. */
function page(all: readonly DictEntry[], parent: string | undefined, query: DictQuery) {
  const keyword = (query.keyword ?? '').trim();
  const pageNo = toInt(query.page, 1, 100000);
  const size = toInt(query.size, 20, 100);
  const matching = all.filter(
    (e) => e.parent === parent && (!keyword || e.name.includes(keyword) || e.code.startsWith(keyword)),
  );
  const list = matching.slice((pageNo - 1) * size, pageNo * size).map(({ code, name }) => ({ code, name }));
  return ok({ list, pagecond: { count: matching.length, page: pageNo, size } });
}

/**
 * Dictionaries for remote selects (renderer RemoteSelect: server-side search, paging, cascading):
 * regions (province → city → district by `parent`), banks, and a bank's branches (`bank`).
 */
export async function dictionariesPlugin(app: FastifyInstance, _ctx: ServerContext): Promise<void> {
  route<{ Querystring: DictQuery }>(app, API.dictRegions, async (req) =>
    page(REGIONS, req.query.parent || undefined, req.query),
  );
  route<{ Querystring: DictQuery }>(app, API.dictBanks, async (req) => page(BANKS, undefined, req.query));
  // Without a bank there are no branches to choose from.
  route<{ Querystring: DictQuery }>(app, API.dictBankBranches, async (req) =>
    page(BANK_BRANCHES, req.query.bank || '\u0000', req.query),
  );
}
