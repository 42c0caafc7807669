import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { pingDatabase, type Database } from '../db/client';

/**
 * `GET /health`: ready when the database answers. Load balancers and the test harness wait on it;
 * it says nothing about the data.
 */
const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export function registerHealth(app: FastifyInstance, options: { db: Database }): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: 200 when the database answers, 503 when it does not.',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(options.db);
        return await reply.send({ status: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );
}
