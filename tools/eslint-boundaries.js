import path from 'node:path';

/**
 * Import boundaries of DESIGN.md §3, as a local ESLint rule:
 * - a web feature never imports another feature (features compose in app/);
 * - a server domain reaches another domain only through its service (`<domain>.service.ts`).
 */
const WEB_FEATURE = /apps\/web\/src\/features\/([^/]+)\//;
const SERVER_MODULE = /apps\/server\/src\/modules\/([^/]+)\//;

function boundaryViolation(filename, importPath) {
  if (!importPath.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(filename), importPath).split(path.sep).join('/') + '/';
  const source = filename.split(path.sep).join('/');
  const sourceFeature = WEB_FEATURE.exec(source)?.[1];
  const targetFeature = WEB_FEATURE.exec(target)?.[1];
  if (sourceFeature !== undefined && targetFeature !== undefined && sourceFeature !== targetFeature) {
    return `Feature "${sourceFeature}" must not import feature "${targetFeature}"; compose them in app/.`;
  }
  const sourceModule = SERVER_MODULE.exec(source)?.[1];
  const targetModule = SERVER_MODULE.exec(target)?.[1];
  if (sourceModule !== undefined && targetModule !== undefined && sourceModule !== targetModule) {
    const file = target.replace(/\/$/, '').split('/').pop() ?? '';
    if (!/\.service(\.ts)?$/.test(file)) {
      return `Domain "${sourceModule}" may use domain "${targetModule}" only through ${targetModule}.service.ts.`;
    }
  }
  return undefined;
}

export const boundariesPlugin = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [], docs: { description: 'Keep features and domains apart.' } },
      create(context) {
        const check = (node) => {
          if (node.source === null || node.source === undefined || typeof node.source.value !== 'string') return;
          const message = boundaryViolation(context.filename, node.source.value);
          if (message !== undefined) context.report({ node, message });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
