import { existsSync, watch, type FSWatcher } from 'node:fs';
import { dirname, join } from 'node:path';
import { treeFolderFiles } from './loadModels';
import type { ModelEngine } from './modelEngine';

const SETTLE_MS = 150;

/**
 * Development only (`WATCH_MODELS=true`, set by the schema studio): reloads the engine's models when a file
 * of `_models/` or `_dicts/` (or of a product folder's models/ or dicts/) changes, so a new or changed
 * model answers without restarting the server. A broken file is reported with its located Chinese problems
 * and the models in use stay. Returns a stop.
 */
export function watchModels(
  engine: ModelEngine,
  schemasDir: string,
  report: (message: string) => void = (m) => console.error(m),
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const reload = () => {
    running = running
      .then(() => engine.reloadModels(schemasDir))
      .then(() => report('models reloaded'))
      .catch((error: unknown) => report((error as Error).message));
  };
  // The folders of the schemas tree's models and dictionaries: schemas/'s and the product folders'.
  const folders = new Set([
    join(schemasDir, '_models'),
    join(schemasDir, '_dicts'),
    ...['_models', '_dicts'].flatMap((f) => treeFolderFiles(schemasDir, f).map(([, full]) => dirname(full))),
  ]);
  const watchers: FSWatcher[] = [...folders]
    .filter((dir) => existsSync(dir))
    .map((dir) =>
      watch(dir, () => {
        clearTimeout(timer);
        timer = setTimeout(reload, SETTLE_MS);
      }),
    );
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
