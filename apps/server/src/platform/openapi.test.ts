import { methodCatalogue } from '@app/shared/api/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: string;
  requestBody?: { content: Record<string, { schema: { $ref?: string; oneOf?: { $ref: string }[] } }> };
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { const?: string }>; required?: string[] }> };
}

let testApp: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  testApp = await createTestApp();
  const response = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await testApp.close();
});

describe('GET /docs/json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every method of the catalogue as its own operation with request and response schemas', () => {
    expect(methodCatalogue.size).toBeGreaterThan(0);
    for (const [name, definition] of methodCatalogue) {
      const operation = document.paths[`/api#${name}`]?.post;
      expect(operation?.operationId, name).toBe(name);
      expect(operation?.['x-access'], name).toBe(definition.access);
      expect(operation?.security, name).toEqual(definition.access === 'public' ? [] : [{ bearerAuth: [] }]);
      const request = document.components.schemas[`${name}Request`];
      expect(request?.properties?.method?.const, name).toBe(name);
      expect(request?.required, name).toContain('method');
      expect(Object.keys(request?.properties ?? {}).includes('fromCustomerId'), name).toBe(definition.actsForCustomer);
      expect(document.components.schemas[`${name}Response`]?.properties?.responseCode?.const, name).toBe('00');
    }
  });

  it('documents POST /api once with a oneOf of every request', () => {
    const schema = document.paths['/api']?.post?.requestBody?.content['application/json']?.schema;
    expect(schema?.oneOf?.map((entry) => entry.$ref).sort()).toEqual(
      [...methodCatalogue.keys()].map((name) => `#/components/schemas/${name}Request`).sort(),
    );
  });

  it('documents REST routes from their zod schemas', () => {
    expect(document.paths['/dev/live/publish']?.post).toBeDefined();
  });
});

describe('GET /docs', () => {
  it('serves Swagger UI with scripts from files only, so the global CSP holds', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc=/);
  });
});
