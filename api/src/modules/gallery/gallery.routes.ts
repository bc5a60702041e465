import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { GALLERY_LIMITS } from '../../contracts/gallery.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { tooManyRequests } from '../../lib/errors.js';
import { moveBody } from '../../lib/positions.js';
import { publicFileStore } from '../../lib/public-files.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import {
  albumBody,
  albumChanges,
  albumIdQuery,
  albumResponse,
  albumsResponse,
  idQuery,
  messageResponse,
  photoChanges,
  photoResponse,
  publicGalleryResponse,
} from './gallery.schemas.js';
import * as service from './gallery.service.js';

const gallery = (action: Action) => ({ permission: { module: 'photoGallery', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const tags = ['gallery'];
const UPLOADS_PER_HOUR = 600;
const TOO_LARGE = `The photo is larger than ${GALLERY_LIMITS.photoBytes / (1024 * 1024)} MB. Please upload a smaller one.`;

export const galleryRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, config, storage },
) => {
  const store = publicFileStore(storage);
  await app.register(fastifyMultipart, {
    limits: { fileSize: GALLERY_LIMITS.photoBytes, files: 1, fields: 0, parts: 1 },
  });

  app.get(
    '/gallery',
    {
      schema: {
        tags,
        summary:
          'Published, not hidden albums with their photos in order (srcset sizes); cacheable for a minute',
        response: { 200: publicGalleryResponse },
      },
    },
    async (_request, reply) => {
      const data = await service.publicGallery(db, store);
      return reply.header('cache-control', 'public, max-age=60').send({ data });
    },
  );

  app.get(
    '/admin/gallery/',
    {
      config: gallery('read'),
      schema: {
        tags,
        summary: 'Every album (drafts and hidden too) with its photos',
        response: { 200: albumsResponse, ...guarded },
      },
    },
    async () => ({ data: await service.adminGallery(db, store) }),
  );

  app.post(
    '/admin/gallery/album/create/',
    {
      config: gallery('create'),
      schema: {
        tags,
        summary: 'Adds an album (a draft) at the end; audited',
        body: albumBody,
        response: { 201: albumResponse, ...changes },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createAlbum(db, store, staffActor(request), request.body) }),
  );

  app.post(
    '/admin/gallery/album/update/',
    {
      config: gallery('update'),
      schema: {
        tags,
        summary: 'Changes an album: title, description, published, hidden or cover photo; audited',
        querystring: idQuery,
        body: albumChanges,
        response: { 200: albumResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.updateAlbum(db, store, staffActor(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/admin/gallery/album/move/',
    {
      config: gallery('update'),
      schema: {
        tags,
        summary: 'Moves an album one place up or down; audited',
        querystring: idQuery,
        body: moveBody,
        response: { 200: albumResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.moveAlbum(db, store, staffActor(request), request.query.id, request.body.direction),
    }),
  );

  app.delete(
    '/admin/gallery/album/delete/',
    {
      config: gallery('delete'),
      schema: {
        tags,
        summary: 'Deletes an album with its photos and every stored size of their files; audited',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deleteAlbum(db, store, staffActor(request), request.query.id);
      return { message: 'Album deleted' };
    },
  );

  app.post(
    '/admin/gallery/photo/upload/',
    {
      config: gallery('create'),
      schema: {
        tags,
        summary:
          'Adds one photo to an album (JPEG, PNG or WebP checked from its bytes, at most 8 MB; form field file); ' +
          'stored as WebP at 480, 960 and 1600 px wide, never enlarged; audited',
        consumes: ['multipart/form-data'],
        querystring: albumIdQuery,
        response: { 201: photoResponse, ...changes, 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const actor = staffActor(request);
      const limit = await hitRateLimit(
        redis,
        `${config.REDIS_PREFIX}:rl:gallery:${actor.id}`,
        UPLOADS_PER_HOUR,
        3600,
      );
      if (!limit.allowed) {
        throw tooManyRequests('Too many uploads. Please try again later.');
      }
      const { bytes } = await readUploadedFile(request, {
        notMultipart: 'Send the photo as multipart/form-data',
        tooLarge: TOO_LARGE,
      });
      const photo = await service.addPhoto(db, store, actor, request.query.albumId, bytes);
      return reply.status(201).send({ data: photo });
    },
  );

  app.post(
    '/admin/gallery/photo/update/',
    {
      config: gallery('update'),
      schema: {
        tags,
        summary: 'Changes a photo caption; audited',
        querystring: idQuery,
        body: photoChanges,
        response: { 200: photoResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.updateCaption(
        db,
        store,
        staffActor(request),
        request.query.id,
        request.body.caption,
      ),
    }),
  );

  app.post(
    '/admin/gallery/photo/move/',
    {
      config: gallery('update'),
      schema: {
        tags,
        summary: 'Moves a photo one place up or down in its album; audited',
        querystring: idQuery,
        body: moveBody,
        response: { 200: photoResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.movePhoto(db, store, staffActor(request), request.query.id, request.body.direction),
    }),
  );

  app.delete(
    '/admin/gallery/photo/delete/',
    {
      config: gallery('delete'),
      schema: {
        tags,
        summary: 'Deletes a photo and every stored size of its file; audited',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deletePhoto(db, store, staffActor(request), request.query.id);
      return { message: 'Photo deleted' };
    },
  );
};
