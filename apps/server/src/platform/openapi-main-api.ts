import { LANGUAGES } from '@app/shared/constants';
import type { AnyMethod, MethodAccess } from '@app/shared/api/method';
import { ResponseCode } from '@app/shared/errors';
import { z } from 'zod';

/**
 * The main API in OpenAPI terms. Every method is `POST /api?method=NAME`, and an OpenAPI path
 * cannot carry a query string, so each method is its own operation under the path key
 * `/api#NAME`: the fragment never reaches the server, and the body's `method` field (required
 * here) names the method, so "Try it out" in Swagger UI calls the real dispatcher. `POST /api` is
 * documented once more with a `oneOf` of every request, for generators that want one operation.
 */
type JsonSchema = z.core.JSONSchema.JSONSchema;

export interface MainApiDocument {
  paths: Record<string, { post: Record<string, unknown> }>;
  schemas: Record<string, JsonSchema>;
  tags: { name: string; description: string }[];
}

const ACCESS_TAGS: Record<MethodAccess, { name: string; description: string }> = {
  public: { name: 'Main API: public', description: 'Methods callable without a session.' },
  customer: {
    name: 'Main API: customer',
    description:
      'Methods for any signed-in user, for their own customer or, where allowed, one named in fromCustomerId.',
  },
  admin: { name: 'Main API: admin', description: 'Methods for administrators only.' },
};

const ACCESS_DESCRIPTIONS: Record<MethodAccess, string> = {
  public: 'public: no session needed',
  customer: 'customer: needs a bearer access token',
  admin: 'admin: needs the bearer access token of an administrator',
};

const ERROR_CODES = Object.values(ResponseCode).filter((code) => code !== ResponseCode.SUCCESS && code !== 'AE');

const errorResponseSchema: JsonSchema = {
  type: 'object',
  description: 'Every failure: a catalogue code, a message for people, and details for VF and TE.',
  properties: {
    responseCode: { type: 'string', enum: ERROR_CODES },
    responseDescription: { type: 'string' },
    validationErrors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
    terms: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          code: { type: 'string' },
          version: { type: 'integer' },
          title: { type: 'string' },
          url: { type: 'string' },
        },
        required: ['id', 'code', 'version', 'title', 'url'],
      },
    },
  },
  required: ['responseCode'],
};

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Inline reuse and refuse cycles: a `$ref` into the method's own `$defs` would dangle once the
  // schema moves under components, and a loud failure in the docs test beats a broken document.
  const json: JsonSchema = {
    ...z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'throw',
    }),
  };
  // The document declares its dialect once; a per-schema $schema is noise to OpenAPI tools.
  delete json.$schema;
  return json;
}

/** Adds the envelope fields to a method's own object schema (or wraps a non-object one). */
function withEnvelope(schema: JsonSchema, properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  if (
    schema.type === 'object' &&
    schema.allOf === undefined &&
    schema.oneOf === undefined &&
    schema.anyOf === undefined
  ) {
    return {
      ...schema,
      properties: { ...properties, ...schema.properties },
      required: [...required, ...(schema.required ?? [])],
    };
  }
  return { allOf: [{ type: 'object', properties, required }, schema] };
}

function requestSchemaOf(method: AnyMethod): JsonSchema {
  const envelope: Record<string, JsonSchema> = {
    method: { type: 'string', const: method.name, description: 'The method; must match ?method= when both are sent.' },
    lang: { type: 'string', enum: [...LANGUAGES], description: 'Language of messages; else Accept-Language.' },
  };
  if (method.actsForCustomer) {
    envelope.fromCustomerId = {
      type: 'integer',
      minimum: 1,
      description: 'Act for this customer (business users and administrators); checked on every call.',
    };
  }
  return withEnvelope(toJsonSchema(method.input, 'input'), envelope, ['method']);
}

function responseSchemaOf(method: AnyMethod): JsonSchema {
  return withEnvelope(
    toJsonSchema(method.output, 'output'),
    { responseCode: { type: 'string', const: ResponseCode.SUCCESS }, responseDescription: { type: 'string' } },
    ['responseCode'],
  );
}

const errorReference = { $ref: '#/components/schemas/ErrorResponse' };
function errorResponse(description: string): Record<string, unknown> {
  return { description, content: { 'application/json': { schema: errorReference } } };
}

function descriptionOf(method: AnyMethod): string {
  const lines = [
    method.summary,
    '',
    `Called as \`POST /api?method=${method.name}\` with \`{ "method": "${method.name}", ...params }\`.`,
    `Access: ${ACCESS_DESCRIPTIONS[method.access]}.`,
    method.actsForCustomer ? 'Honours `fromCustomerId`.' : 'Refuses `fromCustomerId` (ENOA).',
  ];
  if (method.access !== 'public' && method.skipsTermsCheck !== true) {
    lines.push('Answers TE while the user has terms to accept.');
  }
  return lines.join('\n');
}

export function mainApiDocument(catalogue: ReadonlyMap<string, AnyMethod>): MainApiDocument {
  const paths: MainApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { ErrorResponse: errorResponseSchema };
  const methods = [...catalogue.values()].sort((a, b) => a.name.localeCompare(b.name));

  for (const method of methods) {
    schemas[`${method.name}Request`] = requestSchemaOf(method);
    schemas[`${method.name}Response`] = responseSchemaOf(method);
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success (responseCode 00); null fields are dropped.',
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${method.name}Response` } } },
      },
      400: errorResponse('VF: invalid fields (validationErrors); TA1: invalid request.'),
      429: errorResponse('RL: too many requests.'),
      500: errorResponse('UE: server error.'),
    };
    if (method.access !== 'public') {
      responses[401] = errorResponse('AU: no session or an expired access token.');
      responses[403] = errorResponse('ENOA: no access; TE: terms to accept first (terms).');
    }
    paths[`/api#${method.name}`] = {
      post: {
        operationId: method.name,
        summary: method.summary,
        description: descriptionOf(method),
        tags: [ACCESS_TAGS[method.access].name],
        'x-access': method.access,
        'x-acts-for-customer': method.actsForCustomer,
        security: method.access === 'public' ? [] : [{ bearerAuth: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${method.name}Request` } } },
        },
        responses,
      },
    };
  }

  paths['/api'] = {
    post: {
      operationId: 'mainApi',
      summary: 'The main-API dispatcher: any method of the catalogue.',
      description: 'One operation for every method; see the operations under "/api#NAME" for each one.',
      tags: ['Main API'],
      parameters: [
        {
          name: 'method',
          in: 'query',
          required: false,
          schema: { type: 'string', enum: methods.map((method) => method.name) },
        },
      ],
      security: [{}, { bearerAuth: [] }],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              oneOf: methods.map((method) => ({ $ref: `#/components/schemas/${method.name}Request` })),
              discriminator: {
                propertyName: 'method',
                mapping: Object.fromEntries(
                  methods.map((method) => [method.name, `#/components/schemas/${method.name}Request`]),
                ),
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'Success (responseCode 00).',
          content: {
            'application/json': {
              schema: { oneOf: methods.map((method) => ({ $ref: `#/components/schemas/${method.name}Response` })) },
            },
          },
        },
        400: errorResponse('VF or TA1.'),
        401: errorResponse('AU.'),
        403: errorResponse('ENOA or TE.'),
        429: errorResponse('RL.'),
        500: errorResponse('UE.'),
      },
    },
  };

  const tags = [{ name: 'Main API', description: 'POST /api?method=NAME; one body envelope for every method.' }];
  for (const access of ['public', 'customer', 'admin'] as const) {
    if (methods.some((method) => method.access === access)) tags.push(ACCESS_TAGS[access]);
  }
  return { paths, schemas, tags };
}
