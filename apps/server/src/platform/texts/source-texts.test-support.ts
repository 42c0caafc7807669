import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The English texts the server can show a customer, read from the source the way a translator's
 * tool would: every string given to an error (`errors.*`, `new AppError`), to a validation rule
 * (`.min(…, 'text')`, `message:`), and every other literal that reads as a sentence. Interpolations
 * become `{name}` placeholders named after the expression. Logs, `new Error` (bugs, never shown),
 * OpenAPI descriptions and the files that already hold a text per language are left out.
 */

const repositoryRoot = path.resolve(import.meta.dirname, '../../../../..');

/** Literals that read as sentences but are not texts for a customer. */
const NOT_TEXTS = new Set([
  'Sandbox Bank N.A.',
  // An OAuth error code, part of the protocol.
  'access_denied',
  'Services: /auth, /contracts-service, /public-api, /device-api, /verification. Live events: `GET /ws`.',
]);

const VALIDATION_METHODS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'nonempty',
  'positive',
  'nonnegative',
  'int',
  'gte',
  'lte',
  'gt',
  'lt',
]);

const SENTENCE = /^[A-Z][^\n]*\s[^\n]*[.?!]$/;

function placeholderOf(expression: ts.Expression): string {
  const name = expression
    .getText()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `{${name}}`;
}

/** The text of a string or template literal, with `{name}` for each interpolation. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) text += placeholderOf(span.expression) + span.literal.text;
    return text;
  }
  return undefined;
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  return call.expression.getText();
}

/** Whether the literal is given to an error or a validation rule. */
function isErrorText(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) && parent.arguments.some((argument) => argument === node)) {
    const callee = calleeName(parent);
    if (/^errors\.\w+$/.test(callee)) return true;
    if (ts.isPropertyAccessExpression(parent.expression) && VALIDATION_METHODS.has(parent.expression.name.text)) {
      return true;
    }
  }
  if (ts.isNewExpression(parent) && calleeName(parent) === 'AppError') return parent.arguments?.[1] === node;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return /^(message|error|responseDescription)$/.test(parent.name.getText());
  }
  return false;
}

/** Whether the literal is never shown to a customer. */
function isNeverShown(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isNewExpression(parent) && calleeName(parent) === 'Error') return true;
  if (ts.isCallExpression(parent)) {
    const callee = calleeName(parent);
    if (/\b(log|logger)\b.*\.(info|warn|error|debug|fatal|trace)$/.test(callee)) return true;
    if (/\.(describe|meta)$/.test(callee)) return true;
  }
  if (ts.isPropertyAssignment(parent) && /^(description|summary)$/.test(parent.name.getText())) return true;
  return false;
}

export interface SourceText {
  text: string;
  /** Repository-relative files that hold it. */
  files: string[];
}

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    // Files not committed yet count too: a new text must be translated before it lands.
    [
      'ls-files',
      '--cached',
      '--others',
      '--exclude-standard',
      'apps/server/src/**/*.ts',
      'packages/shared/src/**/*.ts',
    ],
    {
      cwd: repositoryRoot,
      encoding: 'utf8',
    },
  );
  return (
    listed
      .split('\n')
      .filter((file) => file !== '' && !file.endsWith('.test.ts') && !file.includes('test-support'))
      // A file deleted but not yet committed is still listed.
      .filter((file) => existsSync(path.join(repositoryRoot, file)))
      .filter((file) => !file.startsWith('apps/server/src/platform/texts/'))
  );
}

export function sourceTexts(): SourceText[] {
  const found = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const content = readFileSync(path.join(repositoryRoot, file), 'utf8');
    // Files with a table per language translate themselves; the configuration speaks to operators
    // at start-up and the OpenAPI document to developers.
    if (content.includes('Record<Language,')) continue;
    if (file === 'apps/server/src/config.ts' || file.endsWith('openapi-main-api.ts')) continue;
    const source = ts.createSourceFile(file, content, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== undefined && text.trim() !== '' && !NOT_TEXTS.has(text) && !isNeverShown(node)) {
        if (isErrorText(node) || SENTENCE.test(text)) found.set(text, (found.get(text) ?? new Set()).add(file));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].map(([text, files]) => ({ text, files: [...files].sort() }));
}
