export type CodecErrorCode = 'malformed' | 'doctype' | 'too_large' | 'too_deep' | 'too_many_elements' | 'bad_params';

/** The one error this package throws for bad input; `code` lets the HTTP layer pick a status. */
export class CodecError extends Error {
  readonly code: CodecErrorCode;

  constructor(code: CodecErrorCode, message: string) {
    super(message);
    this.name = 'CodecError';
    this.code = code;
  }
}
