/**
 * Static selection of the tests that use only the public API.
 *
 * A test is a call `it(title, fn)` / `test(title, fn)` (with `.skip`, `.each(table)`, … or the
 * suite's `skipIf(cond)` in front). What a test uses is the closure of the identifiers it
 * references, resolved with the TypeScript binder:
 *  - its own arguments and callee (`it.each(table)`);
 *  - the collection-time code around it: in every enclosing block, the expression statements
 *    that are not themselves tests or suites (hooks such as `beforeEach`, `expect.extend`,
 *    `runPregelTests(() => new Saver())`), and the non-function arguments of enclosing calls
 *    (`describe.each(table)`);
 *  - recursively, the declarations those identifiers resolve to in the same file (functions,
 *    classes, variable initializers), except declarations that enclose the test itself;
 *  - through imports of the suite's helpers, the closure of the helper export used (and the
 *    helper's import-time code).
 * Identifiers in type positions are ignored: types are erased before the tests run. A value
 * binding imported from a library module is public, neutral or private (`entries.ts#classify`);
 * a test is selected when its closure has no private binding.
 */
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { classify, type Entry } from './entries';
import { moduleKind, rel } from './suite';

/** One test call site, with the private bindings its closure uses (empty: selected). */
export interface TestSite {
  title: string;
  start: { line: number; column: number };
  end: { line: number; column: number };
  /** `module#name` of each private value binding reached, e.g. `pregel/algo.ts#_applyWrites`. */
  privateUses: string[];
}

const TEST_ROOTS = new Set(['it', 'test', 'skipIf']);
const SUITE_ROOTS = new Set(['describe', 'suite']);

/** The identifier a callee chain starts from: `it` for `it.skip.each(t)`. */
function calleeRoot(expr: ts.Expression): string | undefined {
  let e: ts.Expression = expr;
  for (;;) {
    if (ts.isIdentifier(e)) return e.text;
    if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isCallExpression(e) || ts.isTaggedTemplateExpression(e)) e = ts.isCallExpression(e) ? e.expression : e.tag;
    else if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else return undefined;
  }
}

function isFunctionLike(node: ts.Node): boolean {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** A call that defines a test (`roots` = TEST_ROOTS) or a suite: a title then a body. */
function isDefinition(node: ts.Node, roots: Set<string>): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || node.arguments.length < 2 || isFunctionLike(node.arguments[0])) return false;
  const root = calleeRoot(node.expression);
  return root !== undefined && roots.has(root);
}

const isTest = (n: ts.Node) => isDefinition(n, TEST_ROOTS);
const isTestOrSuite = (n: ts.Node) => isTest(n) || isDefinition(n, SUITE_ROOTS);

/** The identifiers that are names, not references (`a.name`, `{ name: v }`, `class { name() {} }`). */
function isNamePosition(id: ts.Identifier): boolean {
  const p = id.parent;
  return (
    ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && (ts.isPropertyAccessExpression(p) ? p.name : p.right) === id) ||
    ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) || ts.isEnumMember(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p)) && p.name === id) ||
    (ts.isBindingElement(p) && p.propertyName === id) ||
    ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p) ||
    ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)
  );
}

/** Subtrees that hold no run-time reference: types, and declarations that only declare types. */
function isTypeOnly(node: ts.Node): boolean {
  if (ts.isExpressionWithTypeArguments(node)) {
    const clause = node.parent;
    return ts.isHeritageClause(clause) && (clause.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(clause.parent));
  }
  return (
    ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ||
    ts.isImportDeclaration(node) || ts.isTypeParameterDeclaration(node) ||
    (ts.isModuleDeclaration(node) && !!node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword))
  );
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return outer.pos <= inner.pos && inner.end <= outer.end;
}

/** The analysis of a whole suite: one TypeScript program (binder only) over its test and helper files. */
export class SuiteAnalyzer {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;
  private readonly helperMemo = new Map<string, Set<string>>();

  constructor(private readonly src: string, files: string[], private readonly entries: Entry[]) {
    this.program = ts.createProgram(files, {
      noResolve: true, noLib: true, types: [], allowJs: false, target: ts.ScriptTarget.ES2022, noEmit: true,
    });
    this.checker = this.program.getTypeChecker();
  }

  private sourceFile(path: string): ts.SourceFile {
    const sf = this.program.getSourceFile(path);
    if (!sf) throw new Error(`not in the analysed program: ${path}`);
    return sf;
  }

  /** Where a relative import of `from` goes: a suite file (absolute path) or `undefined` (a package). */
  resolveImport(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return undefined;
    const base = resolve(dirname(from), specifier);
    const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`, base];
    return candidates.find((c) => c.endsWith('.ts') && existsSync(c));
  }

  /** Every test call site of a test file, with what its closure reaches. */
  testSites(file: string): TestSite[] {
    const sf = this.sourceFile(file);
    const sites: TestSite[] = [];
    const visit = (node: ts.Node): void => {
      if (isTest(node)) sites.push(this.site(sf, node));
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return sites;
  }

  private site(sf: ts.SourceFile, call: ts.CallExpression): TestSite {
    const pos = (p: number) => {
      const lc = sf.getLineAndCharacterOfPosition(p);
      return { line: lc.line + 1, column: lc.character + 1 };
    };
    const uses = new Set<string>();
    this.closure(sf, [call, ...collectionCode(call)], call, uses);
    const title = call.arguments[0].getText(sf).replace(/\s+/g, ' ').slice(0, 160);
    return { title, start: pos(call.getStart(sf)), end: pos(call.end), privateUses: [...uses].sort() };
  }

  /** Adds to `uses` the private bindings reached from `roots` in `sf`; `test` is the test being analysed, if any. */
  private closure(sf: ts.SourceFile, roots: ts.Node[], test: ts.Node | undefined, uses: Set<string>): void {
    const seenDecls = new Set<ts.Node>();
    const walked = new Set<ts.Node>();
    const work = [...roots];
    const walk = (node: ts.Node): void => {
      if (isTypeOnly(node)) return;
      if (node !== test && !roots.includes(node) && isTestOrSuite(node)) return;
      if (ts.isExpressionWithTypeArguments(node)) {
        walk(node.expression);
        return;
      }
      if (ts.isIdentifier(node) && !isNamePosition(node)) {
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? this.checker.getShorthandAssignmentValueSymbol(node.parent)
          : this.checker.getSymbolAtLocation(node);
        const decl = symbol?.declarations?.[0];
        if (decl && decl.getSourceFile() === sf && !seenDecls.has(decl)) {
          seenDecls.add(decl);
          this.declaration(sf, decl, test, work, uses);
        }
        return;
      }
      ts.forEachChild(node, walk);
    };
    while (work.length > 0) {
      const node = work.pop() as ts.Node;
      if (walked.has(node)) continue;
      walked.add(node);
      walk(node);
    }
  }

  private declaration(sf: ts.SourceFile, decl: ts.Declaration, test: ts.Node | undefined, work: ts.Node[], uses: Set<string>): void {
    if (ts.isImportSpecifier(decl) || ts.isImportClause(decl) || ts.isNamespaceImport(decl)) {
      this.importUse(sf, decl, uses);
      return;
    }
    if (test && contains(decl, test)) return; // an enclosing scope: its collection code is already in
    let d: ts.Node = decl;
    while (ts.isBindingElement(d) || ts.isObjectBindingPattern(d) || ts.isArrayBindingPattern(d)) d = d.parent;
    if (ts.isVariableDeclaration(d)) {
      if (d.initializer) work.push(d.initializer);
    } else if (ts.isFunctionDeclaration(d) || ts.isClassDeclaration(d) || ts.isEnumDeclaration(d)) {
      work.push(d);
    }
  }

  private importUse(sf: ts.SourceFile, decl: ts.ImportSpecifier | ts.ImportClause | ts.NamespaceImport, uses: Set<string>): void {
    const importDecl = ts.findAncestor(decl, ts.isImportDeclaration);
    if (!importDecl || importDecl.importClause?.isTypeOnly || (ts.isImportSpecifier(decl) && decl.isTypeOnly)) return;
    const name = ts.isImportSpecifier(decl) ? (decl.propertyName ?? decl.name).text : ts.isImportClause(decl) ? 'default' : '*';
    const target = this.resolveImport(sf.fileName, (importDecl.moduleSpecifier as ts.StringLiteral).text);
    if (target) this.suiteBinding(target, name, uses);
  }

  /** Adds what using export `name` of suite file `target` costs: itself when library, its closure when a helper. */
  private suiteBinding(target: string, name: string, uses: Set<string>): void {
    const module = rel(this.src, target);
    const kind = moduleKind(module);
    if (kind === 'library') {
      if (name === '*' || name === 'default' || classify(this.entries, module, name).kind === 'private') uses.add(`${module}#${name}`);
    } else {
      for (const u of this.helperExport(target, name)) uses.add(u);
    }
  }

  /** The private bindings export `name` of a helper file reaches (with the helper's import-time code). */
  private helperExport(file: string, name: string): Set<string> {
    const key = `${file}#${name}`;
    const memo = this.helperMemo.get(key);
    if (memo) return memo;
    const uses = new Set<string>();
    this.helperMemo.set(key, uses); // cycles between helpers end here
    const sf = this.sourceFile(file);
    const roots: ts.Node[] = sf.statements.filter((s) => ts.isExpressionStatement(s));
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st) && !st.isTypeOnly) {
        const from = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? this.resolveImport(file, st.moduleSpecifier.text) : undefined;
        if (st.exportClause && ts.isNamedExports(st.exportClause)) {
          for (const el of st.exportClause.elements) {
            if (el.name.text !== name || el.isTypeOnly) continue;
            if (from) this.suiteBinding(from, (el.propertyName ?? el.name).text, uses);
            else {
              const local = this.checker.getExportSpecifierLocalTargetSymbol(el)?.declarations?.[0];
              if (local) roots.push(ts.isVariableDeclaration(local) && local.initializer ? local.initializer : local);
            }
          }
        } else if (!st.exportClause && from) {
          for (const u of this.helperExport(from, name)) uses.add(u);
        }
      } else if (isExported(st) && declaredNames(st).includes(name)) {
        roots.push(st);
      } else if (name === 'default' && ts.isExportAssignment(st)) {
        roots.push(st.expression);
      }
    }
    this.closure(sf, roots, undefined, uses);
    return uses;
  }
}

function isExported(st: ts.Statement): boolean {
  return ts.canHaveModifiers(st) && !!ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function declaredNames(st: ts.Statement): string[] {
  if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isEnumDeclaration(st)) && st.name) return [st.name.text];
  if (ts.isVariableStatement(st)) {
    return st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  return [];
}

/** The collection-time code that runs around `test` (see the file comment). */
function collectionCode(test: ts.Node): ts.Node[] {
  const out: ts.Node[] = [];
  for (let child: ts.Node = test, a = test.parent; a; child = a, a = a.parent) {
    if (ts.isSourceFile(a) || ts.isBlock(a) || ts.isModuleBlock(a)) {
      for (const st of a.statements) {
        if (st !== child && ts.isExpressionStatement(st) && !isTestOrSuite(st.expression)) out.push(st);
      }
    } else if (ts.isCallExpression(a)) {
      if (a.expression !== child) out.push(a.expression);
      for (const arg of a.arguments) if (arg !== child && !isFunctionLike(arg)) out.push(arg);
    } else if (ts.isForOfStatement(a) || ts.isForInStatement(a) || ts.isIfStatement(a)) {
      if (a.expression !== child) out.push(a.expression);
    }
  }
  return out;
}

/**
 * The value names each test or helper file imports from each library module (type-only
 * specifiers left out): what the harness's stand-in modules must provide.
 */
export function libraryImports(analyzer: SuiteAnalyzer, src: string, files: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const add = (module: string, name: string) => {
    const names = out.get(module) ?? new Set<string>();
    names.add(name);
    out.set(module, names);
  };
  for (const file of files) {
    const sf = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.ES2022, true);
    for (const st of sf.statements) {
      const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)
        ? st.moduleSpecifier.text : undefined;
      const target = spec ? analyzer.resolveImport(file, spec) : undefined;
      if (!target || moduleKind(rel(src, target)) !== 'library') continue;
      const module = rel(src, target);
      out.set(module, out.get(module) ?? new Set());
      if (ts.isImportDeclaration(st)) {
        const clause = st.importClause;
        if (!clause || clause.isTypeOnly) continue;
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const el of bindings.elements) if (!el.isTypeOnly) add(module, (el.propertyName ?? el.name).text);
        }
      } else if (ts.isExportDeclaration(st) && !st.isTypeOnly && st.exportClause && ts.isNamedExports(st.exportClause)) {
        for (const el of st.exportClause.elements) if (!el.isTypeOnly) add(module, (el.propertyName ?? el.name).text);
      }
    }
  }
  return out;
}
