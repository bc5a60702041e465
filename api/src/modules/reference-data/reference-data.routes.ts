import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action, Module } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import * as categories from './categories.service.js';
import * as grades from './grades.service.js';
import * as phases from './phases.service.js';
import {
  categoryBody,
  categoryChanges,
  categorySchema,
  gradeBody,
  gradeChanges,
  gradeSchema,
  idQuery,
  listQuery,
  listResponse,
  messageResponse,
  phaseBody,
  phaseChanges,
  phaseSchema,
  subCategoryBody,
  subCategoryChanges,
  subCategoryListQuery,
  subCategorySchema,
} from './reference-data.schemas.js';
import * as subCategories from './sub-categories.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const allowed = (module: Module, action: Action) => ({ permission: { module, action } });

export const referenceDataRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, engine }) => {
  // Boards read phases (and the grades they list) from the replica unless one just changed here.
  marksWrites(app, engine.reads, ['phases']);
  // Grades
  app.get(
    '/grade/detail/',
    {
      config: allowed('grade', 'read'),
      schema: {
        tags: ['reference data'],
        summary: 'Grades in sort order; search matches the title',
        querystring: listQuery,
        response: { 200: listResponse(gradeSchema), ...guarded },
      },
    },
    async (request) => grades.listGrades(db, request.query),
  );
  app.post(
    '/grade/create/',
    {
      config: allowed('grade', 'create'),
      schema: {
        tags: ['reference data'],
        summary: 'Adds a grade; title and sort order are unique',
        body: gradeBody,
        response: { 201: z.object({ data: gradeSchema }), ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await grades.createGrade(db, staffActor(request), request.body) }),
  );
  app.post(
    '/grade/update/',
    {
      config: allowed('grade', 'update'),
      schema: {
        tags: ['reference data'],
        summary: 'Changes a grade; isActive false is how a grade in use is retired',
        querystring: idQuery,
        body: gradeChanges,
        response: { 200: z.object({ data: gradeSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await grades.updateGrade(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.delete(
    '/grade/delete/',
    {
      config: allowed('grade', 'delete'),
      schema: {
        tags: ['reference data'],
        summary: 'Deletes a grade nothing uses (409 naming what still uses it)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await grades.deleteGrade(db, staffActor(request), request.query.id);
      return { message: 'Grade deleted' };
    },
  );

  // Phases
  app.get(
    '/phase/detail/',
    {
      config: allowed('phase', 'read'),
      schema: {
        tags: ['reference data'],
        summary: 'Phases by number; search matches the name',
        querystring: listQuery,
        response: { 200: listResponse(phaseSchema), ...guarded },
      },
    },
    async (request) => phases.listPhases(db, request.query),
  );
  app.post(
    '/phase/create/',
    {
      config: allowed('phase', 'create'),
      schema: {
        tags: ['reference data'],
        summary: 'Adds a phase; the number is unique and the end is after the start',
        body: phaseBody,
        response: { 201: z.object({ data: phaseSchema }), ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await phases.createPhase(db, staffActor(request), request.body) }),
  );
  app.post(
    '/phase/update/',
    {
      config: allowed('phase', 'update'),
      schema: {
        tags: ['reference data'],
        summary: 'Changes a phase; the resulting end must still be after the start',
        querystring: idQuery,
        body: phaseChanges,
        response: { 200: z.object({ data: phaseSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await phases.updatePhase(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.delete(
    '/phase/delete/',
    {
      config: allowed('phase', 'delete'),
      schema: {
        tags: ['reference data'],
        summary: 'Deletes a phase nothing uses (409 naming what still uses it)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await phases.deletePhase(db, staffActor(request), request.query.id);
      return { message: 'Phase deleted' };
    },
  );

  // Categories
  app.get(
    '/category/detail/',
    {
      config: allowed('category', 'read'),
      schema: {
        tags: ['reference data'],
        summary: 'Categories by name; search matches the name',
        querystring: listQuery,
        response: { 200: listResponse(categorySchema), ...guarded },
      },
    },
    async (request) => categories.listCategories(db, request.query),
  );
  app.post(
    '/category/create/',
    {
      config: allowed('category', 'create'),
      schema: {
        tags: ['reference data'],
        summary: 'Adds a category; names are unique ignoring case',
        body: categoryBody,
        response: { 201: z.object({ data: categorySchema }), ...changes },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await categories.createCategory(db, staffActor(request), request.body) }),
  );
  app.post(
    '/category/update/',
    {
      config: allowed('category', 'update'),
      schema: {
        tags: ['reference data'],
        summary: 'Renames, activates or deactivates a category',
        querystring: idQuery,
        body: categoryChanges,
        response: { 200: z.object({ data: categorySchema }), ...changes },
      },
    },
    async (request) => ({
      data: await categories.updateCategory(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.delete(
    '/category/delete/',
    {
      config: allowed('category', 'delete'),
      schema: {
        tags: ['reference data'],
        summary: 'Deletes a category without sub categories or questions',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await categories.deleteCategory(db, staffActor(request), request.query.id);
      return { message: 'Category deleted' };
    },
  );

  // Sub categories
  app.get(
    '/subCategory/detail/',
    {
      config: allowed('subCategory', 'read'),
      schema: {
        tags: ['reference data'],
        summary: 'Sub categories with their category; filter by categoryId, search matches the name',
        querystring: subCategoryListQuery,
        response: { 200: listResponse(subCategorySchema), ...guarded },
      },
    },
    async (request) => subCategories.listSubCategories(db, request.query),
  );
  app.post(
    '/subCategory/create/',
    {
      config: allowed('subCategory', 'create'),
      schema: {
        tags: ['reference data'],
        summary: 'Adds a sub category under a category; names are unique within the category',
        body: subCategoryBody,
        response: { 201: z.object({ data: subCategorySchema }), ...changes },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await subCategories.createSubCategory(db, staffActor(request), request.body) }),
  );
  app.post(
    '/subCategory/update/',
    {
      config: allowed('subCategory', 'update'),
      schema: {
        tags: ['reference data'],
        summary: 'Renames, moves (when no question uses it), activates or deactivates a sub category',
        querystring: idQuery,
        body: subCategoryChanges,
        response: { 200: z.object({ data: subCategorySchema }), ...changes },
      },
    },
    async (request) => ({
      data: await subCategories.updateSubCategory(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.delete(
    '/subCategory/delete/',
    {
      config: allowed('subCategory', 'delete'),
      schema: {
        tags: ['reference data'],
        summary: 'Deletes a sub category no question uses',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await subCategories.deleteSubCategory(db, staffActor(request), request.query.id);
      return { message: 'Sub category deleted' };
    },
  );
};
