// Walks an expression tree to a value, with production's error semantics:
// - any failure (missing field, wrong type, overflow, bad regex …) throws RulesEvalError, which
//   makes the enclosing `allow` false;
// - `a && b` is false when either side is false, even if the other fails; `a || b` is true when
//   either side is true, even if the other fails; otherwise a failure propagates;
// - limits (document accesses, call depth) throw RulesLimitError, which nothing absorbs.
// Names were resolved and arities checked at compile time (compiler.ts), so lookups here cannot
// miss except for values a query leaves unknown.
import type { Expr, FunctionDecl, PathPart, TypeName } from './ast.js';
import { RulesEvalError, RulesLimitError } from './errors.js';
import { lookupBuiltin, type DocumentReader } from './functions.js';
import { callMethod } from './methods.js';
import {
  add,
  contains,
  divide,
  modulo,
  multiply,
  negate,
  not,
  relation,
  subtract,
  valuesEqual,
} from './operators.js';
import { codePointLength, codePointSlice } from './strings.js';
import { FALSE, NULL, TRUE, bool, float, list, map, path, str, type RulesValue } from './values.js';

/** Production's limit on nested function calls per evaluation. */
export const MAX_CALL_DEPTH = 20;

/** A user function with the functions visible where it was declared. */
export type CompiledFunction = {
  readonly decl: FunctionDecl;
  /** Nesting level of the declaring block: 0 for the service, 1 for its first match, … */
  readonly depth: number;
  /** Every function visible in the declaring block, including those declared after this one. */
  readonly functions: ReadonlyMap<string, CompiledFunction>;
};

type Binding =
  | { readonly kind: 'value'; readonly value: RulesValue }
  /** A wildcard or field a query leaves open: reading it is an error. */
  | { readonly kind: 'unknown'; readonly description: string }
  | {
      readonly kind: 'let';
      readonly expr: Expr;
      result?: { value: RulesValue } | { error: unknown };
    };

/** Variables of one block, function call or `let` list, chained to the enclosing one. */
export class Scope {
  private readonly bindings = new Map<string, Binding>();

  constructor(readonly parent?: Scope) {}

  set(name: string, value: RulesValue): this {
    this.bindings.set(name, { kind: 'value', value });
    return this;
  }

  setUnknown(name: string, description: string): this {
    this.bindings.set(name, { kind: 'unknown', description });
    return this;
  }

  setLet(name: string, expr: Expr): void {
    this.bindings.set(name, { kind: 'let', expr });
  }

  find(name: string): { binding: Binding; scope: Scope } | undefined {
    const binding = this.bindings.get(name);
    if (binding !== undefined) return { binding, scope: this };
    return this.parent?.find(name);
  }
}

/** Where an expression is evaluated: its variables and the functions it may call. */
export type Frame = {
  readonly scope: Scope;
  readonly functions: ReadonlyMap<string, CompiledFunction>;
};

function isAbsorbable(error: unknown): error is RulesEvalError {
  return error instanceof RulesEvalError && !(error instanceof RulesLimitError);
}

/** One evaluation of one condition: the match levels' scopes and the document reader. */
export class Evaluator {
  private callDepth = 0;

  /**
   * @param levels scope per nesting level: [0] holds `request` and `resource`, [n] the
   *   wildcards of the n-th enclosing match.
   */
  constructor(
    private readonly levels: readonly Scope[],
    private readonly reader: DocumentReader,
  ) {}

  /** Evaluates an `allow` condition declared at `depth` to true or false; throws on error. */
  condition(expr: Expr, depth: number, functions: ReadonlyMap<string, CompiledFunction>): boolean {
    return this.boolean(expr, { scope: this.levels[depth]!, functions });
  }

  private boolean(expr: Expr, frame: Frame): boolean {
    const value = this.evaluate(expr, frame);
    if (value.type !== 'bool') {
      throw new RulesEvalError(`Expected a bool, got ${value.type}.`, expr.span);
    }
    return value.value;
  }

  evaluate(expr: Expr, frame: Frame): RulesValue {
    try {
      return this.evaluateNode(expr, frame);
    } catch (error) {
      if (error instanceof RulesEvalError && error.span === undefined) error.span = expr.span;
      throw error;
    }
  }

  private evaluateNode(expr: Expr, frame: Frame): RulesValue {
    switch (expr.kind) {
      case 'null':
        return NULL;
      case 'bool':
        return bool(expr.value);
      case 'int':
        return { type: 'int', value: expr.value };
      case 'float':
        return float(expr.value);
      case 'string':
        return str(expr.value);
      case 'bytes':
        return { type: 'bytes', value: expr.value };
      case 'list':
        return list(expr.items.map((item) => this.evaluate(item, frame)));
      case 'map':
        return this.mapLiteral(expr, frame);
      case 'path':
        return this.pathLiteral(expr.parts, frame);
      case 'identifier':
        return this.variable(expr.name, frame);
      case 'member':
        return member(this.evaluate(expr.object, frame), expr.property);
      case 'index':
        return index(this.evaluate(expr.object, frame), this.evaluate(expr.index, frame));
      case 'slice':
        return slice(
          this.evaluate(expr.object, frame),
          expr.from && this.evaluate(expr.from, frame),
          expr.to && this.evaluate(expr.to, frame),
        );
      case 'call':
        return this.call(expr, frame);
      case 'method': {
        const target = this.evaluate(expr.target, frame);
        const args = expr.args.map((arg) => this.evaluate(arg, frame));
        return callMethod(target, expr.name, args);
      }
      case 'not':
        return not(this.evaluate(expr.operand, frame));
      case 'negate':
        return negate(this.evaluate(expr.operand, frame));
      case 'is':
        return bool(isType(this.evaluate(expr.operand, frame), expr.typeName));
      case 'conditional':
        return this.boolean(expr.test, frame)
          ? this.evaluate(expr.consequent, frame)
          : this.evaluate(expr.alternate, frame);
      case 'binary':
        return this.binary(expr, frame);
    }
  }

  private binary(expr: Extract<Expr, { kind: 'binary' }>, frame: Frame): RulesValue {
    if (expr.op === '&&') return this.and(expr.left, expr.right, frame);
    if (expr.op === '||') return this.or(expr.left, expr.right, frame);
    const left = this.evaluate(expr.left, frame);
    const right = this.evaluate(expr.right, frame);
    switch (expr.op) {
      case '==':
        return bool(valuesEqual(left, right));
      case '!=':
        return bool(!valuesEqual(left, right));
      case '<':
      case '<=':
      case '>':
      case '>=':
        return bool(relation(expr.op, left, right));
      case 'in':
        return bool(contains(left, right));
      case '+':
        return add(left, right);
      case '-':
        return subtract(left, right);
      case '*':
        return multiply(left, right);
      case '/':
        return divide(left, right);
      case '%':
        return modulo(left, right);
    }
  }

  /** False if either side is false, even when the other fails. */
  private and(leftExpr: Expr, rightExpr: Expr, frame: Frame): RulesValue {
    let deferred: RulesEvalError | undefined;
    try {
      if (!this.boolean(leftExpr, frame)) return FALSE;
    } catch (error) {
      if (!isAbsorbable(error)) throw error;
      deferred = error;
    }
    let right: boolean;
    try {
      right = this.boolean(rightExpr, frame);
    } catch (error) {
      throw deferred !== undefined && isAbsorbable(error) ? deferred : error;
    }
    if (!right) return FALSE;
    if (deferred !== undefined) throw deferred;
    return TRUE;
  }

  /** True if either side is true, even when the other fails. */
  private or(leftExpr: Expr, rightExpr: Expr, frame: Frame): RulesValue {
    let deferred: RulesEvalError | undefined;
    try {
      if (this.boolean(leftExpr, frame)) return TRUE;
    } catch (error) {
      if (!isAbsorbable(error)) throw error;
      deferred = error;
    }
    let right: boolean;
    try {
      right = this.boolean(rightExpr, frame);
    } catch (error) {
      throw deferred !== undefined && isAbsorbable(error) ? deferred : error;
    }
    if (right) return TRUE;
    if (deferred !== undefined) throw deferred;
    return FALSE;
  }

  private variable(name: string, frame: Frame): RulesValue {
    const found = frame.scope.find(name);
    if (found === undefined) throw new RulesEvalError(`Unknown variable '${name}'.`);
    const { binding } = found;
    switch (binding.kind) {
      case 'value':
        return binding.value;
      case 'unknown':
        throw new RulesEvalError(`${binding.description} is not known for a query.`);
      case 'let':
        // Lets are evaluated on first use, once, in the scope they were declared in.
        if (binding.result === undefined) {
          try {
            binding.result = {
              value: this.evaluate(binding.expr, { ...frame, scope: found.scope }),
            };
          } catch (error) {
            binding.result = { error };
          }
        }
        if ('error' in binding.result) throw binding.result.error;
        return binding.result.value;
    }
  }

  private mapLiteral(expr: Extract<Expr, { kind: 'map' }>, frame: Frame): RulesValue {
    const entries = new Map<string, RulesValue>();
    for (const entry of expr.entries) {
      const key = this.evaluate(entry.key, frame);
      if (key.type !== 'string')
        throw new RulesEvalError(`Map keys must be strings, got ${key.type}.`, entry.key.span);
      entries.set(key.value, this.evaluate(entry.value, frame));
    }
    return map(entries);
  }

  /**
   * `/databases/$(database)/documents/users/$(uid)`: a string interpolation is (part of) one
   * segment — a `/` inside it is an error, so ids cannot escape their segment; a path
   * interpolation contributes its segments.
   */
  private pathLiteral(parts: readonly PathPart[], frame: Frame): RulesValue {
    const segments: string[] = [];
    let current: string | undefined;
    for (const part of parts) {
      if (part.kind === 'text') {
        const pieces = part.text.split('/');
        current = (current ?? '') + pieces[0]!;
        for (const piece of pieces.slice(1)) {
          if (current !== '') segments.push(current);
          current = piece;
        }
        continue;
      }
      const value = this.evaluate(part.expr, frame);
      if (value.type === 'path') {
        if ((current ?? '') !== '') {
          throw new RulesEvalError(
            'A path can only be interpolated as whole segments.',
            part.expr.span,
          );
        }
        segments.push(...value.segments.slice(0, -1));
        current = value.segments.at(-1) ?? '';
      } else if (value.type === 'string' || value.type === 'int') {
        const text = String(value.value);
        if (text.includes('/'))
          throw new RulesEvalError(`Path segment '${text}' contains '/'.`, part.expr.span);
        current = (current ?? '') + text;
      } else {
        throw new RulesEvalError(`Cannot interpolate a ${value.type} into a path.`, part.expr.span);
      }
    }
    if (current !== undefined && current !== '') segments.push(current);
    if (segments.some((s) => s === '')) throw new RulesEvalError('A path segment is empty.');
    return path(segments);
  }

  private call(expr: Extract<Expr, { kind: 'call' }>, frame: Frame): RulesValue {
    const userFunction = expr.namespace === undefined ? frame.functions.get(expr.name) : undefined;
    const args = expr.args.map((arg) => this.evaluate(arg, frame));
    if (userFunction !== undefined) return this.callUserFunction(userFunction, args);
    const builtin = lookupBuiltin(expr.namespace, expr.name);
    if (builtin === undefined)
      throw new RulesEvalError(`Function not found error: Name: [${expr.name}].`);
    return builtin.call(args, this.reader);
  }

  private callUserFunction(fn: CompiledFunction, args: readonly RulesValue[]): RulesValue {
    if (this.callDepth >= MAX_CALL_DEPTH) {
      throw new RulesLimitError(`Maximum function call depth of ${MAX_CALL_DEPTH} exceeded.`);
    }
    const scope = new Scope(this.levels[fn.depth]);
    fn.decl.params.forEach((param, i) => scope.set(param, args[i]!));
    for (const binding of fn.decl.lets) scope.setLet(binding.name, binding.value);
    this.callDepth++;
    try {
      return this.evaluate(fn.decl.body, { scope, functions: fn.functions });
    } finally {
      this.callDepth--;
    }
  }
}

// ---- member access, indexing, slicing, type tests ------------------------------------------

function member(object: RulesValue, property: string): RulesValue {
  if (object.type === 'null') throw new RulesEvalError('Null value error.');
  if (object.type !== 'map') {
    throw new RulesEvalError(`Property ${property} is undefined on object of type ${object.type}.`);
  }
  const value = object.entries.get(property);
  if (value !== undefined) return value;
  if (object.partial !== undefined) {
    throw new RulesEvalError(
      `${object.partial}.${property} is not fixed by the query; add an equality filter on it.`,
    );
  }
  throw new RulesEvalError(`Property ${property} is undefined on object.`);
}

function intIndex(value: RulesValue): number {
  if (value.type !== 'int') throw new RulesEvalError(`Index must be an int, got ${value.type}.`);
  return Number(value.value);
}

function index(object: RulesValue, key: RulesValue): RulesValue {
  switch (object.type) {
    case 'map':
      if (key.type !== 'string') throw new RulesEvalError(`Map keys are strings, got ${key.type}.`);
      return member(object, key.value);
    case 'list': {
      const i = intIndex(key);
      if (i < 0 || i >= object.items.length) throw new RulesEvalError(`Index ${i} out of range.`);
      return object.items[i]!;
    }
    case 'string': {
      const i = intIndex(key);
      if (i < 0 || i >= codePointLength(object.value))
        throw new RulesEvalError(`Index ${i} out of range.`);
      return str(codePointSlice(object.value, i, i + 1));
    }
    case 'path': {
      const i = intIndex(key);
      if (i < 0 || i >= object.segments.length)
        throw new RulesEvalError(`Index ${i} out of range.`);
      return str(object.segments[i]!);
    }
    default:
      throw new RulesEvalError(`Cannot index a ${object.type}.`);
  }
}

function slice(object: RulesValue, fromValue?: RulesValue, toValue?: RulesValue): RulesValue {
  const size =
    object.type === 'list'
      ? object.items.length
      : object.type === 'string'
        ? codePointLength(object.value)
        : object.type === 'path'
          ? object.segments.length
          : -1;
  if (size < 0) throw new RulesEvalError(`Cannot slice a ${object.type}.`);
  const from = fromValue === undefined ? 0 : intIndex(fromValue);
  const to = toValue === undefined ? size : intIndex(toValue);
  if (from < 0 || to > size || from > to)
    throw new RulesEvalError(`Range [${from}:${to}] out of range.`);
  if (object.type === 'list') return list(object.items.slice(from, to));
  if (object.type === 'path') return path(object.segments.slice(from, to));
  return str(codePointSlice((object as { value: string }).value, from, to));
}

export function isType(value: RulesValue, type: TypeName): boolean {
  switch (type) {
    case 'number':
      return value.type === 'int' || value.type === 'float';
    default:
      return value.type === type;
  }
}
