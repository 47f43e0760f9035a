// `npm start`: builds the portal if needed, then runs the server in this process (so SIGTERM reaches it).
import { register } from 'tsx/esm/api';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
register();
await import('../server/main.ts');
