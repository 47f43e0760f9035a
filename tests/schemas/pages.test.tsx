// The schema snapshots of every page no `pages.<top>.test.tsx` shard takes (see pagesSuite.tsx).
import { describePages } from './pagesSuite';

describePages(import.meta.filename);
