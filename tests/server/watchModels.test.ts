/**
 * A development server (WATCH_MODELS=true, as the schema studio starts it) picks up a model and dictionary
 * saved while it runs: the new model's records answer without a restart (server/models/watchModels.ts), a
 * broken file is reported in located Chinese and the models in use stay.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@server/app';
import { openPglite, type PgliteDb } from '@server/db/pglite';
import { openEngine } from '@server/engine';
import { watchModels } from '@server/models/watchModels';
import type { FastifyInstance } from 'fastify';
import { clock, loggedIn } from './helpers';
import { copySchemaTree } from '@renderer/core/node';

const SAMPLE = join(process.cwd(), 'tests/fixtures/sample-product');
let dir: string;
let db: PgliteDb;
let app: FastifyInstance;
let stop: () => void;
const reports: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'watch-models-'));
  copySchemaTree(join(process.cwd(), 'schemas'), dir);
  const dump = readFileSync(join(process.cwd(), 'test-results', 'server-fixture.tar.gz'));
  db = await openPglite({ loadDataDir: new Blob([dump]) });
  const engine = await openEngine({ db, schemasDir: dir, now: () => clock.now });
  app = await buildApp({ db, schemasDir: dir, now: () => clock.now, engine });
  stop = watchModels(engine, dir, (m) => reports.push(m));
});
afterAll(async () => {
  stop?.();
  await app?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The sample product's model and its states, renamed: a model none of the server's code knows. */
function writeNoteModel(extra: Record<string, unknown> = {}): void {
  const dict = JSON.parse(readFileSync(join(SAMPLE, 'dicts/sampleRequestStatus.json'), 'utf8')) as object;
  writeFileSync(
    join(dir, '_dicts/studioNoteStatus.json'),
    JSON.stringify({ ...dict, name: 'studioNoteStatus' }),
  );
  const model = JSON.parse(readFileSync(join(SAMPLE, 'models/sampleRequest.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  delete model.product;
  writeFileSync(
    join(dir, '_models/studioNote.json'),
    JSON.stringify({
      ...model,
      $schema: '../_meta/model.schema.json',
      name: 'studioNote',
      table: 'studio_note',
      numbering: { field: 'requestNo', prefix: 'SN' },
      states: { $dict: 'studioNoteStatus' },
      ...extra,
    }),
  );
}

describe('models saved while the server runs', () => {
  it('answers a new model at once, and keeps the models in use when a file is broken', async () => {
    const operator = await loggedIn(app, 'core_operator');
    const records = '/biz/v1/models/studioNote/records';
    expect((await operator.call('GET', records)).json().code).not.toBe('0');

    writeNoteModel();
    await expect
      .poll(async () => (await operator.call('GET', records)).json().code, { timeout: 15_000 })
      .toBe('0');
    const created = await operator.call('POST', records, {
      body: { title: '新模型的记录', amount: '12.00' },
    });
    expect(created.json()).toMatchObject({ code: '0' });
    expect((await operator.call('GET', records)).json().data.list).toHaveLength(1);

    // A broken model: said where, in Chinese; the model in use still answers.
    writeNoteModel({ initialState: 'NOPE' });
    await expect.poll(() => reports.at(-1) ?? '', { timeout: 15_000 }).toContain('_models/studioNote.json');
    expect(reports.at(-1)).toMatch(/[\u4e00-\u9fa5]/);
    expect((await operator.call('GET', records)).json().code).toBe('0');
  });
});
