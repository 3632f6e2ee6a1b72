/** A value or a reason. Parsing and moves return these; the engine never throws for bad input. */
export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

/** An error with a stable machine-readable code and a human-readable message. */
export interface CodedError<C extends string = string> {
  readonly code: C;
  readonly message: string;
}
