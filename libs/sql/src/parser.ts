import { CstNode, CstParser, IRecognitionException, IToken } from 'chevrotain';
import {
  ALL_TOKENS,
  And,
  Comma,
  ComparisonOperator,
  False,
  From,
  Identifier,
  Ilike,
  In,
  LParen,
  Not,
  Null,
  NumberLiteral,
  Or,
  QuotedIdentifier,
  RParen,
  Select,
  Semicolon,
  Star,
  StringLiteral,
  True,
  Where,
} from './lexer';
import { parserMessages } from './parser-messages';

/**
 * `SELECT * FROM <table> WHERE <condition> [;]`, with the usual precedence NOT > AND > OR.
 * Value positions also accept NULL and bare or double-quoted words so the AST builder can say
 * precisely why they are wrong instead of a generic "expected a value".
 */
class SqlParser extends CstParser {
  constructor() {
    super(ALL_TOKENS, { recoveryEnabled: false, maxLookahead: 2, errorMessageProvider: parserMessages });
    this.performSelfAnalysis();
  }

  statement = this.RULE('statement', () => {
    this.CONSUME(Select);
    this.SUBRULE(this.selectList);
    this.CONSUME(From);
    this.SUBRULE(this.tableName);
    this.CONSUME(Where);
    this.SUBRULE(this.condition);
    this.OPTION(() => this.CONSUME(Semicolon));
  });

  selectList = this.RULE('selectList', () => {
    this.CONSUME(Star);
  });

  tableName = this.RULE('tableName', () => {
    this.CONSUME(Identifier);
  });

  condition = this.RULE('condition', () => {
    this.SUBRULE(this.conjunction);
    this.MANY(() => {
      this.CONSUME(Or);
      this.SUBRULE2(this.conjunction);
    });
  });

  conjunction = this.RULE('conjunction', () => {
    this.SUBRULE(this.negation);
    this.MANY(() => {
      this.CONSUME(And);
      this.SUBRULE2(this.negation);
    });
  });

  // A loop rather than recursion, so `NOT NOT … x` cannot exhaust the stack.
  negation = this.RULE('negation', () => {
    this.MANY(() => this.CONSUME(Not));
    this.SUBRULE(this.atom);
  });

  atom = this.RULE('atom', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(LParen);
          this.SUBRULE(this.condition);
          this.CONSUME(RParen);
        },
      },
      { ALT: () => this.SUBRULE(this.predicate) },
    ]);
  });

  predicate = this.RULE('predicate', () => {
    this.CONSUME(Identifier);
    this.SUBRULE(this.predicateOperator);
  });

  predicateOperator = this.RULE('predicateOperator', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(ComparisonOperator);
          this.SUBRULE(this.value);
        },
      },
      {
        ALT: () => {
          this.OPTION(() => this.CONSUME(Not));
          this.SUBRULE(this.matchOperator);
        },
      },
    ]);
  });

  matchOperator = this.RULE('matchOperator', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(Ilike);
          this.SUBRULE(this.value);
        },
      },
      {
        ALT: () => {
          this.CONSUME(In);
          this.SUBRULE(this.valueList);
        },
      },
    ]);
  });

  valueList = this.RULE('valueList', () => {
    this.CONSUME(LParen);
    this.AT_LEAST_ONE_SEP({ SEP: Comma, DEF: () => this.SUBRULE(this.value) });
    this.CONSUME(RParen);
  });

  value = this.RULE('value', () => {
    this.OR([
      { ALT: () => this.CONSUME(StringLiteral) },
      { ALT: () => this.CONSUME(NumberLiteral) },
      { ALT: () => this.CONSUME(True) },
      { ALT: () => this.CONSUME(False) },
      { ALT: () => this.CONSUME(Null) },
      { ALT: () => this.CONSUME(Identifier) },
      { ALT: () => this.CONSUME(QuotedIdentifier) },
    ]);
  });
}

/** One instance for the process: building the grammar is the expensive part, parsing is not. */
export const parser = new SqlParser();

export interface CstResult {
  cst: CstNode | undefined;
  error: IRecognitionException | undefined;
}

/** Parses a token stream; with recovery off, at most the first error is reported. */
export function parseTokens(tokens: IToken[]): CstResult {
  parser.input = tokens;
  const cst = parser.statement();
  return { cst: parser.errors.length ? undefined : cst, error: parser.errors[0] };
}
