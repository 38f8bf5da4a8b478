// Compiles rules text once into a Ruleset that the authorizer evaluates many times:
// parse, check every name, call and arity (collecting all problems as located issues), reject
// recursion, and flatten nested `match` blocks into full path patterns with their `allow`s.
import type {
  AccessMethod,
  AllowMethod,
  Expr,
  FunctionDecl,
  MatchBlock,
  MatchSegment,
  RulesFile,
  RulesService,
} from './ast.js';
import { RULES_SERVICES } from './ast.js';
import {
  RulesCheckError,
  RulesSyntaxError,
  SourceText,
  type RulesIssue,
  type SourceSpan,
} from './errors.js';
import type { CompiledFunction } from './evaluator.js';
import { lookupBuiltin } from './functions.js';
import { METHOD_NAMES } from './methods.js';
import { parseRules } from './parser.js';

/** A match path segment and the nesting level (1 = outermost match) that declared it. */
export type PatternSegment = MatchSegment & { readonly level: number };

export type CompiledAllow = {
  readonly methods: ReadonlySet<AccessMethod>;
  /** Absent for `allow read;`. */
  readonly condition?: Expr;
  readonly span: SourceSpan;
  readonly line: number;
};

export type CompiledMatch = {
  /** The full path pattern from the service root, e.g. databases/{database}/documents/users/{uid}. */
  readonly pattern: readonly PatternSegment[];
  /** Nesting level of the block holding the allows. */
  readonly depth: number;
  readonly allows: readonly CompiledAllow[];
  /** Functions visible in the block. */
  readonly functions: ReadonlyMap<string, CompiledFunction>;
};

/** A compiled rules file: immutable, shareable between requests. */
export type Ruleset = {
  /** The service whose blocks were compiled; its authorizer refuses any other. */
  readonly service: RulesService;
  readonly source: SourceText;
  readonly version: '1' | '2';
  readonly matches: readonly CompiledMatch[];
};

export type CompileResult =
  | { readonly ok: true; readonly ruleset: Ruleset }
  | {
      readonly ok: false;
      readonly issues: readonly RulesIssue[];
      /** Every issue with its file position, source line and a caret. */
      readonly message: string;
    };

const METHODS_OF: Readonly<Record<AllowMethod, readonly AccessMethod[]>> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

const ROOT_VARIABLES = ['request', 'resource'];

const SERVICE_LABELS: Readonly<Record<RulesService, string>> = {
  'cloud.firestore': 'Cloud Firestore',
  'firebase.storage': 'Cloud Storage',
};

/**
 * Compiles the blocks of one service. `service` is the one the caller is loading rules into; a
 * file that declares only another service is then an error at that service's name. Without it,
 * the file's own service is compiled (Firestore's when it declares both).
 */
export function compileRules(
  text: string,
  fileName = 'firestore.rules',
  service?: RulesService,
): CompileResult {
  const source = new SourceText(text, fileName);
  const fail = (problems: readonly { description: string; span: SourceSpan }[]): CompileResult => {
    const sorted = [...problems].sort((a, b) => a.span.start - b.span.start);
    const issues = sorted.map((p) => source.issue(p.span, p.description));
    const message = issues.map((issue, i) => source.format(issue, sorted[i]!.span)).join('\n');
    return { ok: false, issues, message };
  };
  let file: RulesFile;
  try {
    file = parseRules(text);
  } catch (error) {
    if (error instanceof RulesSyntaxError) return fail([error]);
    // The grammar bounds recursion, so this is a safety net for pathological input.
    if (error instanceof RangeError) {
      return fail([
        { description: 'The rules are nested too deeply to compile.', span: { start: 0, end: 1 } },
      ]);
    }
    throw error;
  }
  const unknown = file.services.filter(
    (block) => !(RULES_SERVICES as readonly string[]).includes(block.name),
  );
  if (unknown.length > 0) {
    return fail(
      unknown.map((block) => ({
        description: `Unknown service '${block.name}'; expected ${RULES_SERVICES.join(' or ')}.`,
        span: block.nameSpan,
      })),
    );
  }
  const declared = file.services.map((block) => block.name as RulesService);
  const target =
    service ??
    (declared.includes('cloud.firestore') ? 'cloud.firestore' : declared[0]) ??
    'cloud.firestore';
  if (!declared.includes(target) && declared.length > 0) {
    const other = file.services[0]!;
    return fail([
      {
        description: `${SERVICE_LABELS[target]} rules must declare service ${target}; this file declares service ${other.name} (load it into ${SERVICE_LABELS[other.name as RulesService]} instead).`,
        span: other.nameSpan,
      },
    ]);
  }
  const compiler = new Compiler(source, file.version, target);
  compiler.compile(file);
  if (compiler.problems.length > 0) return fail(compiler.problems);
  return {
    ok: true,
    ruleset: { service: target, source, version: file.version, matches: compiler.matches },
  };
}

type BlockContext = {
  readonly depth: number;
  readonly pattern: readonly PatternSegment[];
  readonly variables: ReadonlySet<string>;
  readonly functions: ReadonlyMap<string, CompiledFunction>;
};

class Compiler {
  readonly problems: RulesCheckError[] = [];
  readonly matches: CompiledMatch[] = [];
  /** Call graph edges between user functions, to reject recursion. */
  private readonly calls = new Map<CompiledFunction, Set<CompiledFunction>>();

  constructor(
    private readonly source: SourceText,
    private readonly version: '1' | '2',
    private readonly service: RulesService,
  ) {}

  private report(description: string, span: SourceSpan): void {
    this.problems.push(new RulesCheckError(description, span));
  }

  compile(file: RulesFile): void {
    const fileLevel: BlockContext = {
      depth: 0,
      pattern: [],
      variables: new Set(ROOT_VARIABLES),
      functions: new Map(),
    };
    const root = { ...fileLevel, functions: this.declareFunctions(file.functions, fileLevel) };
    for (const service of file.services) {
      // A file may hold both services' blocks; only the target's apply here.
      if (service.name !== this.service) continue;
      const functions = this.declareFunctions(service.functions, root);
      const context = { ...root, functions };
      for (const match of service.matches) this.match(match, context);
    }
    this.rejectRecursion();
  }

  /** Declares a block's functions (visible to each other in any order), then checks their bodies. */
  private declareFunctions(
    decls: readonly FunctionDecl[],
    context: BlockContext,
  ): ReadonlyMap<string, CompiledFunction> {
    const visible = new Map(context.functions);
    const own: CompiledFunction[] = [];
    const seen = new Set<string>();
    for (const decl of decls) {
      if (seen.has(decl.name))
        this.report(`Function '${decl.name}' is declared twice in this block.`, decl.span);
      seen.add(decl.name);
      const fn: CompiledFunction = { decl, depth: context.depth, functions: visible };
      visible.set(decl.name, fn);
      own.push(fn);
    }
    for (const fn of own) this.functionBody(fn, { ...context, functions: visible });
    return visible;
  }

  private functionBody(fn: CompiledFunction, context: BlockContext): void {
    const names = new Set(context.variables);
    const local = new Set<string>();
    for (const param of fn.decl.params) {
      if (local.has(param)) this.report(`Parameter '${param}' is declared twice.`, fn.decl.span);
      local.add(param);
      names.add(param);
    }
    for (const binding of fn.decl.lets) {
      this.expression(binding.value, names, context.functions, fn);
      if (local.has(binding.name))
        this.report(`Variable '${binding.name}' is already declared.`, binding.span);
      local.add(binding.name);
      names.add(binding.name);
    }
    this.expression(fn.decl.body, names, context.functions, fn);
  }

  private match(block: MatchBlock, parent: BlockContext): void {
    const depth = parent.depth + 1;
    const variables = new Set(parent.variables);
    const segments = block.path.segments;
    const names = new Set<string>();
    segments.forEach((segment, i) => {
      if (segment.kind === 'literal') return;
      if (names.has(segment.name)) {
        this.report(`Wildcard '${segment.name}' appears twice in the path.`, block.path.span);
      }
      names.add(segment.name);
      variables.add(segment.name);
      if (segment.kind === 'recursive' && this.version === '1' && i !== segments.length - 1) {
        this.report(
          "A recursive wildcard must be the last path segment unless rules_version = '2'.",
          block.path.span,
        );
      }
    });
    const pattern = [...parent.pattern, ...segments.map((s) => ({ ...s, level: depth }))];
    const context: BlockContext = { depth, pattern, variables, functions: parent.functions };
    const functions = this.declareFunctions(block.functions, context);
    const allows = block.allows.map((allow) => {
      if (allow.condition !== undefined) this.expression(allow.condition, variables, functions);
      return {
        methods: new Set(allow.methods.flatMap((m) => METHODS_OF[m])),
        ...(allow.condition === undefined ? {} : { condition: allow.condition }),
        span: allow.span,
        line: this.source.locate(allow.span.start).line,
      };
    });
    if (allows.length > 0) this.matches.push({ pattern, depth, allows, functions });
    for (const child of block.matches) this.match(child, { ...context, functions });
  }

  /** Checks names, calls and arities in an expression. */
  private expression(
    expr: Expr,
    variables: ReadonlySet<string>,
    functions: ReadonlyMap<string, CompiledFunction>,
    caller?: CompiledFunction,
  ): void {
    const visit = (node: Expr): void => this.expression(node, variables, functions, caller);
    switch (expr.kind) {
      case 'identifier':
        if (!variables.has(expr.name)) this.report(`Unknown variable '${expr.name}'.`, expr.span);
        return;
      case 'list':
        expr.items.forEach(visit);
        return;
      case 'map':
        for (const entry of expr.entries) {
          visit(entry.key);
          visit(entry.value);
        }
        return;
      case 'path':
        for (const part of expr.parts) if (part.kind === 'interpolation') visit(part.expr);
        return;
      case 'member':
        visit(expr.object);
        return;
      case 'index':
        visit(expr.object);
        visit(expr.index);
        return;
      case 'slice':
        visit(expr.object);
        if (expr.from) visit(expr.from);
        if (expr.to) visit(expr.to);
        return;
      case 'method':
        visit(expr.target);
        expr.args.forEach(visit);
        if (!METHOD_NAMES.has(expr.name)) this.report(`Unknown method '${expr.name}'.`, expr.span);
        return;
      case 'call':
        expr.args.forEach(visit);
        this.call(expr, functions, caller);
        return;
      case 'not':
      case 'negate':
      case 'is':
        visit(expr.operand);
        return;
      case 'binary':
        visit(expr.left);
        visit(expr.right);
        return;
      case 'conditional':
        visit(expr.test);
        visit(expr.consequent);
        visit(expr.alternate);
        return;
      default:
        return;
    }
  }

  private call(
    expr: Extract<Expr, { kind: 'call' }>,
    functions: ReadonlyMap<string, CompiledFunction>,
    caller?: CompiledFunction,
  ): void {
    const qualified = expr.namespace === undefined ? expr.name : `${expr.namespace}.${expr.name}`;
    const userFunction = expr.namespace === undefined ? functions.get(expr.name) : undefined;
    if (userFunction !== undefined) {
      const expected = userFunction.decl.params.length;
      if (expr.args.length !== expected) {
        this.report(
          `Function '${qualified}' expects ${expected} arguments, got ${expr.args.length}.`,
          expr.span,
        );
      }
      if (caller !== undefined) {
        const edges = this.calls.get(caller) ?? new Set();
        edges.add(userFunction);
        this.calls.set(caller, edges);
      }
      return;
    }
    const builtin = lookupBuiltin(expr.namespace, expr.name, this.service);
    if (builtin === undefined) {
      this.report(`Function not found error: Name: [${qualified}].`, expr.span);
    } else if (!builtin.arity.includes(expr.args.length)) {
      this.report(
        `Function '${qualified}' expects ${builtin.arity.join(' or ')} arguments, got ${expr.args.length}.`,
        expr.span,
      );
    }
  }

  private rejectRecursion(): void {
    const state = new Map<CompiledFunction, 'visiting' | 'done'>();
    const visit = (fn: CompiledFunction): void => {
      state.set(fn, 'visiting');
      for (const callee of this.calls.get(fn) ?? []) {
        const seen = state.get(callee);
        if (seen === 'visiting') {
          this.report(
            `Recursive call to '${callee.decl.name}'; rules functions cannot recurse.`,
            fn.decl.span,
          );
        } else if (seen === undefined) {
          visit(callee);
        }
      }
      state.set(fn, 'done');
    };
    for (const fn of this.calls.keys()) if (!state.has(fn)) visit(fn);
  }
}
