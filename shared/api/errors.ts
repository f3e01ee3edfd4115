// How a call fails, the same through every transport: a code the UI can act on and a one-line message.

export type ApiErrorCode =
  /** No such call (a transport and the backend disagree, or a hostile caller). */
  | 'unknown-call'
  /** The argument does not match the call's schema; the message names the field. */
  | 'invalid-argument'
  /** The id or name asked for does not exist. */
  | 'not-found'
  /** The call is valid but cannot be done now or here (e.g. no keychain in serve mode). */
  | 'unavailable'
  /** The serve-mode bridge refused the request (token, Host or Origin). */
  | 'unauthorized'
  /** The backend failed; the message says how. */
  | 'failed';

export interface ApiErrorData {
  readonly code: ApiErrorCode;
  readonly message: string;
}

export class ApiError extends Error implements ApiErrorData {
  readonly code: ApiErrorCode;
  constructor(code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
  }

  toJSON(): ApiErrorData {
    return { code: this.code, message: this.message };
  }
}

/** A call's answer as it crosses a transport. */
export type ApiReply = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: ApiErrorData };
