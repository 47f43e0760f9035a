import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { corpPlugin } from './corp';
import { dictionariesPlugin } from './dictionaries';
import { messagesPlugin } from './messages';
import { modelsPlugin } from './models';
import { platformPlugin } from './platform';
import { sessionPlugin } from './session';
import { publicLinksPlugin } from '../publicLinks/plugin';
import { usersPlugin } from './users';
import { personPlugin } from './person';
import { ukeyPlugin } from '../ukey/ukeyPlugin';
import { registrationPlugin } from '../registration/plugin';
import { realnamePlugin } from '../registration/realname';
import { protocolsPlugin } from '../registration/protocols';

export type ApiPlugin = (app: FastifyInstance, ctx: ServerContext) => Promise<void>;

/** Every domain plugin mounted under /api/web, each behind the security checks (one line per domain). */
export const API_PLUGINS: ApiPlugin[] = [
  sessionPlugin,
  platformPlugin,
  messagesPlugin,
  corpPlugin,
  usersPlugin,
  personPlugin,
  ukeyPlugin,
  modelsPlugin,
  dictionariesPlugin,
  publicLinksPlugin,
  registrationPlugin,
  realnamePlugin,
  protocolsPlugin,
];
