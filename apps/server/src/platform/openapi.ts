import { methodCatalogue } from '@app/shared/api/catalogue';
import type { AnyMethod } from '@app/shared/api/method';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { mainApiDocument } from './openapi-main-api';

/**
 * OpenAPI 3.1 at /docs (Swagger UI) and /docs/json: REST routes from their zod schemas, and the
 * main API from the shared method catalogue. Registered before any route, since @fastify/swagger
 * collects routes as they are added.
 */
export interface OpenApiOptions {
  brand: string;
  catalogue?: ReadonlyMap<string, AnyMethod>;
}

export const DOCS_PREFIX = '/docs';

type OpenApiObject = ReturnType<SwaggerTransformObject>;

export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const mainApi = mainApiDocument(options.catalogue ?? methodCatalogue);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.brand} platform API`,
        version: '1.0.0',
        description:
          'Main API: `POST /api?method=NAME` with the response envelope `{ responseCode, responseDescription?, ...data }`. ' +
          'Services: /auth, /contracts-service, /public-api, /device-api, /verification. Live events: `GET /ws`.',
      },
      tags: mainApi.tags,
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject(documentObject) {
      const document = jsonSchemaTransformObject(documentObject);
      if (!('openapi' in document)) return document;
      // The catalogue part is plain JSON built from z.toJSONSchema; its shape is checked by the
      // docs test, not by openapi-types, whose schema type does not accept JSON Schema 2020-12.
      const merged: unknown = {
        ...document,
        paths: { ...document.paths, ...mainApi.paths },
        components: {
          ...document.components,
          schemas: { ...document.components?.schemas, ...mainApi.schemas },
        },
      };
      return merged as OpenApiObject;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
  });
}
