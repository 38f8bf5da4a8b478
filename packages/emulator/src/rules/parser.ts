// Recursive-descent parser from tokens to the syntax tree (ast.ts). Grammar, loosest first:
//   file        := ('rules_version' '=' string ';'?)? (function | service)*
//   service     := 'service' name ('.' name)* '{' (function | match)* '}'
//   match       := 'match' matchPath '{' (function | match | allow)* '}'
//   allow       := 'allow' method (',' method)* (':' 'if' expr)? ';'?
//   function    := 'function' name '(' params ')' '{' ('let' name '=' expr ';')* 'return' expr ';'? '}'
//   expr        := or ('?' expr ':' expr)?
//   or := and ('||' and)*          and := relation ('&&' relation)*
//   relation    := additive (('=='|'!='|'<'|'<='|'>'|'>='|'in') additive | 'is' typeName)*
//   additive    := multiplicative (('+'|'-') multiplicative)*
//   multiplicative := unary (('*'|'/'|'%') unary)*
//   unary       := ('!'|'-') unary | postfix
//   postfix     := primary ('.' name | '.' name '(' args ')' | '[' expr ']' | '[' expr? ':' expr? ']')*
//   primary     := literal | path | name | name '(' args ')' | '(' expr ')' | '[' list ']' | '{' map '}'
import {
  TYPE_NAMES,
  type AllowMethod,
  type AllowStatement,
  type BinaryOperator,
  type Expr,
  type FunctionDecl,
  type LetBinding,
  type MatchBlock,
  type PathPart,
  type RulesFile,
  type ServiceBlock,
  type TypeName,
} from './ast.js';
import { RulesSyntaxError, type SourceSpan } from './errors.js';
import { tokenize, type Punctuator, type Token } from './lexer.js';

const ALLOW_METHODS: readonly AllowMethod[] = [
  'read',
  'write',
  'get',
  'list',
  'create',
  'update',
  'delete',
];

const RELATION_OPERATORS = new Set<string>(['==', '!=', '<', '<=', '>', '>=']);

/** Parentheses, calls, unary operators and `$()` may nest this deep (the parser recurses on them). */
export const MAX_NESTING = 64;
/** Expression trees may be this deep (the evaluator recurses on them). */
export const MAX_EXPRESSION_DEPTH = 400;

/** Parses a whole rules file. Throws RulesSyntaxError. */
export function parseRules(text: string): RulesFile {
  return new Parser(text, tokenize(text)).file();
}

/** Parses one expression (used by tests and for path interpolations). */
export function parseExpression(text: string, start = 0, end = text.length): Expr {
  return new Parser(text, tokenize(text, start, end)).wholeExpression();
}

const span = (start: SourceSpan, end: SourceSpan): SourceSpan => ({
  start: start.start,
  end: end.end,
});

function describe(token: Token): string {
  switch (token.kind) {
    case 'eof':
      return 'end of input';
    case 'identifier':
      return `'${token.text}'`;
    case 'punctuator':
      return `'${token.text}'`;
    case 'matchPath':
    case 'pathLiteral':
      return 'a path';
    default:
      return `a ${token.kind} literal`;
  }
}

class Parser {
  private index = 0;

  /**
   * @param nesting recursion depth already used by an enclosing parser (for `$()`)
   * @param depths depth of each composite node, to bound the tree the evaluator recurses on
   */
  constructor(
    private readonly text: string,
    private readonly tokens: readonly Token[],
    private nesting = 0,
    private readonly depths = new WeakMap<Expr, number>(),
  ) {}

  wholeExpression(): Expr {
    const expr = this.expression();
    this.expectEnd();
    return expr;
  }

  /** Records a composite node's depth, failing when the tree gets too deep to evaluate. */
  private node<T extends Expr>(expr: T, ...children: (Expr | undefined)[]): T {
    let deepest = 0;
    for (const child of children)
      if (child) deepest = Math.max(deepest, this.depths.get(child) ?? 1);
    if (deepest + 1 > MAX_EXPRESSION_DEPTH) {
      this.fail(`Expression is too deep (more than ${MAX_EXPRESSION_DEPTH} levels).`, expr.span);
    }
    this.depths.set(expr, deepest + 1);
    return expr;
  }

  /** Runs a recursive step of the grammar, failing past MAX_NESTING. */
  private nested<T>(parse: () => T): T {
    if (++this.nesting > MAX_NESTING) {
      this.fail(`Expression is nested too deeply (more than ${MAX_NESTING} levels).`);
    }
    try {
      return parse();
    } finally {
      this.nesting--;
    }
  }

  // ---- token helpers -------------------------------------------------------------------------

  private get current(): Token {
    return this.tokens[this.index]!;
  }

  private advance(): Token {
    const token = this.current;
    if (token.kind !== 'eof') this.index++;
    return token;
  }

  private isPunctuator(text: Punctuator, token = this.current): boolean {
    return token.kind === 'punctuator' && token.text === text;
  }

  private isKeyword(text: string, token = this.current): boolean {
    return token.kind === 'identifier' && token.text === text;
  }

  private fail(message: string, at: SourceSpan = this.current.span): never {
    throw new RulesSyntaxError(message, at);
  }

  private unexpected(expected: string): never {
    return this.fail(`Unexpected ${describe(this.current)}; expected ${expected}.`);
  }

  private expectPunctuator(text: Punctuator): Token {
    if (!this.isPunctuator(text)) this.unexpected(`'${text}'`);
    return this.advance();
  }

  private expectKeyword(text: string): Token {
    if (!this.isKeyword(text)) this.unexpected(`'${text}'`);
    return this.advance();
  }

  private expectName(what: string): { text: string; span: SourceSpan } {
    const token = this.current;
    if (token.kind !== 'identifier') return this.unexpected(what);
    this.advance();
    return { text: token.text, span: token.span };
  }

  private skipOptional(text: Punctuator): void {
    if (this.isPunctuator(text)) this.advance();
  }

  expectEnd(): void {
    if (this.current.kind !== 'eof') this.unexpected('end of expression');
  }

  // ---- statements ----------------------------------------------------------------------------

  file(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.isKeyword('rules_version')) {
      this.advance();
      this.expectPunctuator('=');
      const token = this.current;
      if (token.kind !== 'string') return this.unexpected("a version string such as '2'");
      if (token.value !== '1' && token.value !== '2') {
        this.fail(`Unsupported rules_version '${token.value}'; expected '1' or '2'.`, token.span);
      }
      version = token.value;
      this.advance();
      this.skipOptional(';');
    }
    // Functions may also be declared at file level, outside every service; each service sees them.
    const functions: FunctionDecl[] = [];
    const services: ServiceBlock[] = [];
    while (this.current.kind !== 'eof') {
      if (this.isKeyword('function')) functions.push(this.functionDecl());
      else if (this.isKeyword('service')) services.push(this.service());
      else this.unexpected("'service' or 'function'");
    }
    return { version, functions, services };
  }

  private service(): ServiceBlock {
    const start = this.expectKeyword('service').span;
    const first = this.expectName('a service name such as cloud.firestore');
    let name = first.text;
    let nameEnd = first.span;
    while (this.isPunctuator('.')) {
      this.advance();
      const part = this.expectName('a service name');
      name += '.' + part.text;
      nameEnd = part.span;
    }
    this.expectPunctuator('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    while (!this.isPunctuator('}')) {
      if (this.isKeyword('function')) functions.push(this.functionDecl());
      else if (this.isKeyword('match')) matches.push(this.match());
      else this.unexpected("'match', 'function' or '}'");
    }
    const end = this.advance().span;
    return {
      name,
      nameSpan: span(first.span, nameEnd),
      functions,
      matches,
      span: span(start, end),
    };
  }

  private match(): MatchBlock {
    const start = this.expectKeyword('match').span;
    const pathToken = this.current;
    if (pathToken.kind !== 'matchPath') return this.unexpected('a path such as /users/{userId}');
    this.advance();
    this.expectPunctuator('{');
    const functions: FunctionDecl[] = [];
    const matches: MatchBlock[] = [];
    const allows: AllowStatement[] = [];
    while (!this.isPunctuator('}')) {
      if (this.isKeyword('function')) functions.push(this.functionDecl());
      else if (this.isKeyword('match')) matches.push(this.match());
      else if (this.isKeyword('allow')) allows.push(this.allow());
      else this.unexpected("'allow', 'match', 'function' or '}'");
    }
    const end = this.advance().span;
    return {
      path: { segments: pathToken.segments, span: pathToken.span },
      functions,
      matches,
      allows,
      span: span(start, end),
    };
  }

  private allow(): AllowStatement {
    const start = this.expectKeyword('allow').span;
    const methods: AllowMethod[] = [];
    do {
      if (methods.length > 0) this.advance();
      const name = this.expectName('a method: read, write, get, list, create, update or delete');
      if (!(ALLOW_METHODS as readonly string[]).includes(name.text)) {
        this.fail(
          `Unknown method '${name.text}'; expected read, write, get, list, create, update or delete.`,
          name.span,
        );
      }
      methods.push(name.text as AllowMethod);
    } while (this.isPunctuator(','));
    let condition: Expr | undefined;
    let end = this.tokens[this.index - 1]!.span;
    if (this.isPunctuator(':')) {
      this.advance();
      this.expectKeyword('if');
      condition = this.expression();
      end = condition.span;
    }
    if (this.isPunctuator(';')) end = this.advance().span;
    else if (
      !this.isPunctuator('}') &&
      !this.isKeyword('allow') &&
      !this.isKeyword('match') &&
      !this.isKeyword('function')
    ) {
      this.unexpected("';'");
    }
    return condition === undefined
      ? { methods, span: span(start, end) }
      : { methods, condition, span: span(start, end) };
  }

  private functionDecl(): FunctionDecl {
    const start = this.expectKeyword('function').span;
    const name = this.expectName('a function name').text;
    this.expectPunctuator('(');
    const params: string[] = [];
    while (!this.isPunctuator(')')) {
      if (params.length > 0) this.expectPunctuator(',');
      params.push(this.expectName('a parameter name').text);
    }
    this.advance();
    this.expectPunctuator('{');
    const lets: LetBinding[] = [];
    while (this.isKeyword('let')) {
      const letStart = this.advance().span;
      const letName = this.expectName('a variable name').text;
      this.expectPunctuator('=');
      const value = this.expression();
      const end = this.expectPunctuator(';').span;
      lets.push({ name: letName, value, span: span(letStart, end) });
    }
    this.expectKeyword('return');
    const body = this.expression();
    this.skipOptional(';');
    const end = this.expectPunctuator('}').span;
    return { name, params, lets, body, span: span(start, end) };
  }

  // ---- expressions ---------------------------------------------------------------------------

  expression(): Expr {
    return this.nested(() => {
      const test = this.or();
      if (!this.isPunctuator('?')) return test;
      this.advance();
      const consequent = this.expression();
      this.expectPunctuator(':');
      const alternate = this.expression();
      const conditional: Expr = {
        kind: 'conditional',
        test,
        consequent,
        alternate,
        span: span(test.span, alternate.span),
      };
      return this.node(conditional, test, consequent, alternate);
    });
  }

  private or(): Expr {
    let left = this.and();
    while (this.isPunctuator('||')) {
      this.advance();
      const right = this.and();
      left = this.node(
        { kind: 'binary', op: '||', left, right, span: span(left.span, right.span) },
        left,
        right,
      );
    }
    return left;
  }

  private and(): Expr {
    let left = this.relation();
    while (this.isPunctuator('&&')) {
      this.advance();
      const right = this.relation();
      left = this.node(
        { kind: 'binary', op: '&&', left, right, span: span(left.span, right.span) },
        left,
        right,
      );
    }
    return left;
  }

  private relation(): Expr {
    let left = this.additive();
    for (;;) {
      const token = this.current;
      if (token.kind === 'punctuator' && RELATION_OPERATORS.has(token.text)) {
        this.advance();
        const right = this.additive();
        const op = token.text as BinaryOperator;
        left = this.node(
          { kind: 'binary', op, left, right, span: span(left.span, right.span) },
          left,
          right,
        );
      } else if (this.isKeyword('in')) {
        this.advance();
        const right = this.additive();
        left = this.node(
          { kind: 'binary', op: 'in', left, right, span: span(left.span, right.span) },
          left,
          right,
        );
      } else if (this.isKeyword('is')) {
        this.advance();
        const typeToken = this.expectName('a type name');
        if (!(TYPE_NAMES as readonly string[]).includes(typeToken.text)) {
          this.fail(
            `Unknown type '${typeToken.text}'; expected one of ${TYPE_NAMES.join(', ')}.`,
            typeToken.span,
          );
        }
        const typeName = typeToken.text as TypeName;
        left = this.node(
          { kind: 'is', operand: left, typeName, span: span(left.span, typeToken.span) },
          left,
        );
      } else {
        return left;
      }
    }
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isPunctuator('+') || this.isPunctuator('-')) {
      const op = (this.advance() as { text: BinaryOperator }).text;
      const right = this.multiplicative();
      left = this.node(
        { kind: 'binary', op, left, right, span: span(left.span, right.span) },
        left,
        right,
      );
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.isPunctuator('*') || this.isPunctuator('/') || this.isPunctuator('%')) {
      const op = (this.advance() as { text: BinaryOperator }).text;
      const right = this.unary();
      left = this.node(
        { kind: 'binary', op, left, right, span: span(left.span, right.span) },
        left,
        right,
      );
    }
    return left;
  }

  private unary(): Expr {
    const start = this.current.span;
    if (this.isPunctuator('!')) {
      this.advance();
      const operand = this.nested(() => this.unary());
      return this.node({ kind: 'not', operand, span: span(start, operand.span) }, operand);
    }
    if (this.isPunctuator('-')) {
      this.advance();
      const next = this.current;
      // Fold `-<int literal>` so that the most negative int can be written.
      if (next.kind === 'int' && !this.isPostfixStart(this.tokens[this.index + 1]!)) {
        this.advance();
        const value = -next.value;
        return { kind: 'int', value, span: span(start, next.span) };
      }
      const operand = this.nested(() => this.unary());
      return this.node({ kind: 'negate', operand, span: span(start, operand.span) }, operand);
    }
    return this.postfix();
  }

  private isPostfixStart(token: Token): boolean {
    return this.isPunctuator('.', token) || this.isPunctuator('[', token);
  }

  private postfix(): Expr {
    let expr = this.primary();
    for (;;) {
      if (this.isPunctuator('.')) {
        this.advance();
        const name = this.expectName('a field or method name');
        if (this.isPunctuator('(')) {
          const args = this.argumentList();
          const end = this.tokens[this.index - 1]!.span;
          const whole = span(expr.span, end);
          expr =
            expr.kind === 'identifier' && NAMESPACES.has(expr.name)
              ? this.node(
                  { kind: 'call', namespace: expr.name, name: name.text, args, span: whole },
                  ...args,
                )
              : this.node(
                  { kind: 'method', target: expr, name: name.text, args, span: whole },
                  expr,
                  ...args,
                );
        } else {
          const whole = span(expr.span, name.span);
          expr = this.node(
            { kind: 'member', object: expr, property: name.text, span: whole },
            expr,
          );
        }
      } else if (this.isPunctuator('[')) {
        expr = this.indexOrSlice(expr);
      } else {
        return expr;
      }
    }
  }

  private indexOrSlice(object: Expr): Expr {
    this.advance();
    const from = this.isPunctuator(':') ? undefined : this.expression();
    if (this.isPunctuator(':')) {
      this.advance();
      const to = this.isPunctuator(']') ? undefined : this.expression();
      const end = this.expectPunctuator(']').span;
      const slice: Expr = {
        kind: 'slice',
        object,
        ...(from === undefined ? {} : { from }),
        ...(to === undefined ? {} : { to }),
        span: span(object.span, end),
      };
      return this.node(slice, object, from, to);
    }
    const end = this.expectPunctuator(']').span;
    return this.node(
      { kind: 'index', object, index: from!, span: span(object.span, end) },
      object,
      from,
    );
  }

  private argumentList(): Expr[] {
    this.expectPunctuator('(');
    const args: Expr[] = [];
    while (!this.isPunctuator(')')) {
      if (args.length > 0) this.expectPunctuator(',');
      args.push(this.expression());
    }
    this.advance();
    return args;
  }

  private primary(): Expr {
    const token = this.current;
    switch (token.kind) {
      case 'int':
        this.advance();
        if (token.value > 2n ** 63n - 1n) this.fail('Integer literal is out of range.', token.span);
        return { kind: 'int', value: token.value, span: token.span };
      case 'float':
        this.advance();
        return { kind: 'float', value: token.value, span: token.span };
      case 'string':
        this.advance();
        return { kind: 'string', value: token.value, span: token.span };
      case 'bytes':
        this.advance();
        return { kind: 'bytes', value: token.value, span: token.span };
      case 'pathLiteral': {
        this.advance();
        const parts = this.pathParts(token.parts);
        const interpolations = parts.flatMap((p) => (p.kind === 'interpolation' ? [p.expr] : []));
        return this.node({ kind: 'path', parts, span: token.span }, ...interpolations);
      }
      case 'identifier':
        return this.identifierOrCall();
      case 'punctuator':
        if (token.text === '(') {
          this.advance();
          const inner = this.expression();
          this.expectPunctuator(')');
          return inner;
        }
        if (token.text === '[') return this.listLiteral();
        if (token.text === '{') return this.mapLiteral();
        return this.unexpected('an expression');
      default:
        return this.unexpected('an expression');
    }
  }

  private identifierOrCall(): Expr {
    const token = this.advance() as Extract<Token, { kind: 'identifier' }>;
    switch (token.text) {
      case 'true':
      case 'false':
        return { kind: 'bool', value: token.text === 'true', span: token.span };
      case 'null':
        return { kind: 'null', span: token.span };
    }
    if (this.isPunctuator('(')) {
      const args = this.argumentList();
      const end = this.tokens[this.index - 1]!.span;
      return this.node(
        { kind: 'call', name: token.text, args, span: span(token.span, end) },
        ...args,
      );
    }
    return { kind: 'identifier', name: token.text, span: token.span };
  }

  private listLiteral(): Expr {
    const start = this.advance().span;
    const items: Expr[] = [];
    while (!this.isPunctuator(']')) {
      items.push(this.expression());
      if (!this.isPunctuator(']')) this.expectPunctuator(',');
    }
    const end = this.advance().span;
    return this.node({ kind: 'list', items, span: span(start, end) }, ...items);
  }

  private mapLiteral(): Expr {
    const start = this.advance().span;
    const entries: { key: Expr; value: Expr }[] = [];
    while (!this.isPunctuator('}')) {
      const key = this.expression();
      this.expectPunctuator(':');
      const value = this.expression();
      entries.push({ key, value });
      if (!this.isPunctuator('}')) this.expectPunctuator(',');
    }
    const end = this.advance().span;
    return this.node(
      { kind: 'map', entries, span: span(start, end) },
      ...entries.flatMap((e) => [e.key, e.value]),
    );
  }

  private pathParts(raw: Extract<Token, { kind: 'pathLiteral' }>['parts']): PathPart[] {
    return raw.map((part) =>
      part.kind === 'text' ? part : { kind: 'interpolation', expr: this.interpolated(part.span) },
    );
  }

  private interpolated(inner: SourceSpan): Expr {
    if (this.text.slice(inner.start, inner.end).trim() === '') {
      this.fail('Empty "$()" in a path.', { start: inner.start - 2, end: inner.end + 1 });
    }
    const tokens = tokenize(this.text, inner.start, inner.end);
    return this.nested(() =>
      new Parser(this.text, tokens, this.nesting, this.depths).wholeExpression(),
    );
  }
}

/** Built-in namespaces whose functions are called as `namespace.name(args)`. */
export const NAMESPACES: ReadonlySet<string> = new Set([
  'math',
  'duration',
  'timestamp',
  'latlng',
  'hashing',
  // Storage rules only (the compiler rejects it in Firestore's).
  'firestore',
]);
