// The rules engine's public surface: compile a rules file once, then hand the service an
// Authorizer that evaluates it for every client request.
export { compileRules, type CompileResult, type Ruleset } from './compiler.js';
export { createRulesAuthorizer, type RulesAuthorizerOptions } from './authorizer.js';
export {
  RulesCheckError,
  RulesEvalError,
  RulesLimitError,
  RulesSyntaxError,
  SourceText,
  type RulesIssue,
  type SourceSpan,
} from './errors.js';
