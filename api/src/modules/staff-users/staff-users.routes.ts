import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { signedInStaff } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import type { Actor } from './grants.js';
import * as roles from './roles.service.js';
import {
  createRoleBody,
  createStaffBody,
  idQuery,
  listStaffQuery,
  messageResponse,
  roleSchema,
  staffListResponse,
  staffUserSchema,
  updateRoleBody,
  updateStaffBody,
} from './staff-users.schemas.js';
import * as service from './staff-users.service.js';

const users = (action: Action) => ({ permission: { module: 'users', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };

const actorOf = (request: FastifyRequest): Actor => ({ ...signedInStaff(request), ip: request.ip });

export const staffUsersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, revocations } = ctx;
  const sessionDeps = { db, revocations };
  app.get(
    '/staffUser/detail/',
    {
      config: users('read'),
      schema: {
        tags: ['staff users'],
        summary: 'Staff members, newest first; search matches e-mail or username',
        querystring: listStaffQuery,
        response: { 200: staffListResponse, ...guarded },
      },
    },
    async (request) => service.listStaff(db, request.query),
  );

  app.post(
    '/staffUser/create/',
    {
      config: users('create'),
      schema: {
        tags: ['staff users'],
        summary:
          'Adds a staff member; the role may hold only permissions the caller holds (a Super Admin role: only a Super Admin may give it). A refusal is 403 and audited',
        body: createStaffBody,
        response: { 201: z.object({ data: staffUserSchema }), ...changes },
      },
    },
    async (request, reply) => {
      const data = await service.createStaff(db, actorOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/staffUser/update/',
    {
      config: users('update'),
      schema: {
        tags: ['staff users'],
        summary:
          'Changes username, role, status or password; deactivating or a new password ends their sessions. 403, audited: a Super Admin changed by anyone else, someone holding permissions the caller lacks, a role the caller could not give, their own role, password or deactivation, the last active Super Admin; a password of anyone not below the caller (a peer: send a reset link)',
        querystring: idQuery,
        body: updateStaffBody,
        response: { 200: z.object({ data: staffUserSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await service.updateStaff(sessionDeps, actorOf(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/staffUser/send-reset-link/',
    {
      config: users('update'),
      schema: {
        tags: ['staff users'],
        summary:
          'E-mails the staff member a link to set their own password (30 minutes, single use), audited; their password stays until they use it. The way to help a colleague who is not below you (only their password may be set). 409 inactive, 429 after 3 an hour',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes, 429: errorSchema },
      },
    },
    async (request) => {
      const email = await service.sendResetLink(
        { db, redis: ctx.redis, config: ctx.config, queues: ctx.queues, log: request.log },
        actorOf(request),
        request.query.id,
      );
      return { message: `A reset link was sent to ${email}` };
    },
  );

  app.delete(
    '/staffUser/delete/',
    {
      config: users('delete'),
      schema: {
        tags: ['staff users'],
        summary:
          'Deletes a staff member. 403, audited: yourself, the last active Super Admin, a Super Admin by anyone else, someone holding permissions the caller lacks',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deleteStaff(sessionDeps, actorOf(request), request.query.id);
      return { message: 'Staff member deleted' };
    },
  );

  app.get(
    '/role/detail/',
    {
      config: users('read'),
      schema: {
        tags: ['staff users'],
        summary: 'Every role with its permissions by module and the number of staff holding it',
        response: { 200: z.object({ data: z.array(roleSchema) }), ...guarded },
      },
    },
    async () => ({ data: await roles.listRoles(db) }),
  );

  app.post(
    '/role/create/',
    {
      config: users('create'),
      schema: {
        tags: ['staff users'],
        summary:
          'Creates a role with only permissions the caller holds; only a Super Admin may create one with isSuperAdmin. A refusal is 403 and audited',
        body: createRoleBody,
        response: { 201: z.object({ data: roleSchema }), ...changes },
      },
    },
    async (request, reply) => {
      const data = await roles.createRole(db, actorOf(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/role/update/',
    {
      config: users('update'),
      schema: {
        tags: ['staff users'],
        summary:
          'Renames a role or replaces its permissions (not the Super Admin role; 403, audited, when the role holds or would hold permissions the caller lacks)',
        querystring: idQuery,
        body: updateRoleBody,
        response: { 200: z.object({ data: roleSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await roles.updateRole(db, actorOf(request), request.query.id, request.body),
    }),
  );

  app.delete(
    '/role/delete/',
    {
      config: users('delete'),
      schema: {
        tags: ['staff users'],
        summary:
          'Deletes a role nobody holds (not the Super Admin role; 403, audited, when it holds permissions the caller lacks)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await roles.deleteRole(db, actorOf(request), request.query.id);
      return { message: 'Role deleted' };
    },
  );
};
