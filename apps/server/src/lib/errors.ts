import { type ApiErrorBody, MessageCode } from '@vario/contract';

export type FieldErrors = Record<string, string[]>;

/** An error that answers with the spec's error object (3-cross-cutting §8). */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly messageCode: string,
    message: string,
    readonly options: { fieldErrors?: FieldErrors; messageParameters?: string[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  body(trackingId: string, instance: string): ApiErrorBody {
    return errorBody(this.httpStatus, this.messageCode, this.message, trackingId, instance, this.options);
  }
}

export function errorBody(
  httpStatus: number,
  messageCode: string,
  message: string,
  trackingId: string,
  instance: string,
  options: { fieldErrors?: FieldErrors; messageParameters?: string[] } = {},
): ApiErrorBody {
  return {
    messageCode,
    messageParameters: options.messageParameters ?? [],
    errors: { services: message ? [{ message }] : [], fieldErrors: options.fieldErrors ?? {} },
    trackingId,
    httpStatus,
    instance,
  };
}

export const notFound = (what = 'Datensatz') => new ApiError(404, MessageCode.notFound, `${what} wurde nicht gefunden`, { messageParameters: [what] });

export const badRequest = (message: string, fieldErrors: FieldErrors = {}) => new ApiError(400, MessageCode.validation, message, { fieldErrors });

export const forbidden = (right?: string) =>
  new ApiError(403, MessageCode.forbidden, right ? `Keine Berechtigung: ${right}` : 'Keine Berechtigung', {
    messageParameters: right ? [right] : [],
  });

export const unprocessable = (message: string, fieldErrors: FieldErrors = {}) => new ApiError(422, MessageCode.unprocessable, message, { fieldErrors });

export const conflict = (message: string, fieldErrors: FieldErrors = {}) => new ApiError(409, MessageCode.conflict, message, { fieldErrors });
