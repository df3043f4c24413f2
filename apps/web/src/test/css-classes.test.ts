import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * A component's styles load with its code only if it imports them: a class written in a component
 * but defined in a stylesheet that only another screen imports shows unstyled until that screen
 * has been opened (the feed card's buttons were grey default buttons until a post page loaded the
 * post page's CSS). This checks, for every .tsx file, that each class its JSX names in `className`
 * and some stylesheet defines is defined in one loaded whenever the file is: one it reaches through
 * its own static imports, one every module importing it has loaded, or the global styles.
 */

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GLOBAL_CSS = [path.join(src, 'app/styles.css')];

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, ending);
    return entry.name.endsWith(ending) && !entry.name.includes('.test.') ? [full] : [];
  });
}

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(file, source);
  }
  return source;
}

/** The file a relative import names (.ts, .tsx, .css), or null for packages and what is not found. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Static imports only: a lazy `import()` loads its styles later, with its own code. */
function staticImports(file: string): string[] {
  return sourceOf(file)
    .statements.filter(ts.isImportDeclaration)
    .filter((statement) => !statement.importClause?.isTypeOnly)
    .map((statement) => resolveImport(file, (statement.moduleSpecifier as ts.StringLiteral).text))
    .filter((resolved): resolved is string => resolved !== null);
}

/** Modules a file loads later with `import('…')`: they run only once the file has run. */
function lazyImports(file: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const resolved = resolveImport(file, node.arguments[0].text);
      if (resolved) found.push(resolved);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(file));
  return found;
}

const reachable = new Map<string, Set<string>>();
/** Every stylesheet that is loaded whenever `file` is: its own imports' and theirs, all the way down. */
function reachableCss(file: string): Set<string> {
  const known = reachable.get(file);
  if (known) return known;
  const found = new Set<string>();
  reachable.set(file, found);
  for (const imported of staticImports(file)) {
    if (imported.endsWith('.css')) found.add(imported);
    else for (const css of reachableCss(imported)) found.add(css);
  }
  return found;
}

const importers = new Map<string, Set<string>>();
for (const file of [...filesUnder(src, '.tsx'), ...filesUnder(src, '.ts')]) {
  for (const imported of [...staticImports(file), ...lazyImports(file)]) {
    if (!importers.has(imported)) importers.set(imported, new Set());
    importers.get(imported)!.add(file);
  }
}

const loaded = new Map<string, Set<string>>();
/**
 * The stylesheets surely loaded whenever `file` runs: what it reaches itself, and what every module
 * that imports it has loaded (a piece used by one page only may rely on that page's stylesheet; a
 * piece shared by several screens has to bring its own).
 */
function loadedWith(file: string, visiting = new Set<string>()): Set<string> {
  const known = loaded.get(file);
  if (known) return known;
  const own = reachableCss(file);
  const parents = [...(importers.get(file) ?? [])].filter((parent) => !visiting.has(parent));
  if (parents.length === 0) return own;
  visiting.add(file);
  const fromParents = parents.map((parent) => loadedWith(parent, visiting));
  visiting.delete(file);
  const shared = [...fromParents[0]!].filter((css) => fromParents.every((set) => set.has(css)));
  const result = new Set([...own, ...shared]);
  loaded.set(file, result);
  return result;
}

const defined = new Map<string, Set<string>>();
function classesDefinedIn(css: string): Set<string> {
  let classes = defined.get(css);
  if (!classes) {
    const text = readFileSync(css, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/url\([^)]*\)/g, '')
      // Declarations hold numbers like 0.5rem; only selectors name classes.
      .replace(/\{[^{}]*\}/g, '{}');
    classes = new Set([...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!));
    defined.set(css, classes);
  }
  return classes;
}

const COMPARISONS = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/** The whole class names a `className` expression spells out (parts glued to a `${…}` are left out). */
function classNamesIn(expression: ts.Node): string[] {
  const names: string[] = [];
  const words = (text: string, gluedStart: boolean, gluedEnd: boolean) => {
    const parts = text.split(/\s+/);
    parts.forEach((part, index) => {
      if (!part) return;
      if ((index === 0 && gluedStart) || (index === parts.length - 1 && gluedEnd)) return;
      names.push(part);
    });
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) return;
    if (ts.isCallExpression(node)) {
      // Only the object a method is called on can hold classes ([...].join(' ')); not the arguments.
      visit(node.expression);
      return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) words(node.text, false, false);
    else if (ts.isTemplateExpression(node)) {
      words(node.head.text, false, true);
      let before = node.head.text;
      node.templateSpans.forEach((span, index) => {
        const after = span.literal.text;
        const last = index === node.templateSpans.length - 1;
        // `${…}` stands for whole names only when nothing is glued to it on either side.
        const alone = (before === '' || /\s$/.test(before)) && (after === '' ? last : /^\s/.test(after));
        if (alone) visit(span.expression);
        words(after, true, !last);
        before = after;
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return names;
}

/** Each `className="…"` / `className={…}` of a file's JSX, with the line it is on. */
function usedClasses(file: string): Array<{ name: string; line: number }> {
  const source = sourceOf(file);
  const used: Array<{ name: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.name.getText(source) === 'className' && node.initializer) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) for (const name of classNamesIn(value)) used.push({ name, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

describe('stylesheets travel with the components that use them', () => {
  it('reads class names the way JSX spells them', () => {
    const source = ts.createSourceFile(
      'x.tsx',
      "const a = <b className={on ? 'post-action post-action--on' : `tile tile--${kind} ${extra}`} data={kind === 'quicky' ? 1 : 2} />;",
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const attribute = (source.statements[0] as ts.VariableStatement).declarationList.declarations[0]!.initializer as ts.JsxSelfClosingElement;
    const className = attribute.attributes.properties[0] as ts.JsxAttribute;
    expect(classNamesIn((className.initializer as ts.JsxExpression).expression!)).toEqual(['post-action', 'post-action--on', 'tile']);
  });

  it('every class a component names is defined in a stylesheet surely loaded with it', () => {
    const global = new Set(GLOBAL_CSS.flatMap((css) => [...classesDefinedIn(css)]));
    // A name no stylesheet defines (a block whose parts alone are styled, a hook) cannot load late.
    const styled = new Set(filesUnder(src, '.css').flatMap((css) => [...classesDefinedIn(css)]));
    const missing: string[] = [];
    for (const file of filesUnder(src, '.tsx')) {
      const available = new Set(global);
      for (const css of loadedWith(file)) for (const name of classesDefinedIn(css)) available.add(name);
      for (const { name, line } of usedClasses(file)) {
        if (styled.has(name) && !available.has(name)) missing.push(`${path.relative(src, file)}:${line} .${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
