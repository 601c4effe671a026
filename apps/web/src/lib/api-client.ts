/**
 * The one API client: same-origin JSON calls with the session cookie, and multipart uploads with progress.
 * Errors become `ApiError` carrying the server's message and field errors (DESIGN.md §4 error shape) with their
 * codes (what the screens translate), and why the request failed: an HTTP answer, no connection, or no answer in time.
 */
import { isApiErrorBody } from '@qrib/shared/error-body';
import type { MessageCode } from '@qrib/shared/message-codes';

/** How a request failed: an error answer, no answer, too slow, or a success status the client does not expect. */
export type FailureReason = 'http' | 'network' | 'timeout' | 'status';

export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;
  readonly reason: FailureReason;
  /** The `errorMessage` field some answers carry (vendor registration). */
  readonly errorMessage: string | undefined;
  /** The server's code for the message (a key of MESSAGES) with its params; undefined when no error answer came. */
  readonly code: MessageCode | undefined;
  /** The code of each refused field, as `fieldErrors` says it in English. */
  readonly fieldErrorCodes: Record<string, MessageCode>;

  constructor(
    status: number,
    message: string,
    fieldErrors: Record<string, string> = {},
    reason: FailureReason = 'http',
    errorMessage?: string,
    codes: { code?: MessageCode; fieldErrorCodes?: Record<string, MessageCode> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = fieldErrors;
    this.reason = reason;
    this.errorMessage = errorMessage;
    this.code = codes.code;
    this.fieldErrorCodes = codes.fieldErrorCodes ?? {};
  }
}

function errorFromAnswer(status: number, statusText: string, payload: unknown): ApiError {
  if (!isApiErrorBody(payload)) return new ApiError(status, statusText || `HTTP ${status}`);
  const { message, fieldErrors, errorMessage, code, params, fieldErrorCodes } = payload;
  return new ApiError(status, message, fieldErrors, 'http', errorMessage, { code: { code, params }, fieldErrorCodes });
}

/** Whether a request got no answer at all (no connection, the server unreachable, or no answer in time). */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError && (error.reason === 'network' || error.reason === 'timeout');
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithStatus<T>(path, options)).body;
}

/** apiRequest with the success status too, for the calls whose 200 and 201 mean different things (POST /reports). */
export async function apiRequestWithStatus<T>(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // A FormData body (a multipart PUT, issue 28's shop photos) is sent as it is, the browser naming its boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled request stays what it is (react-query expects the AbortError); anything else fetch throws means no
    // answer came (no connection, the server down): the browser's own words ('Failed to fetch') are never shown.
    if (signal?.aborted || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    throw new ApiError(0, 'Network Error', {}, 'network');
  }
  if (response.status === 204) return { status: 204, body: undefined as T };
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromAnswer(response.status, response.statusText, payload);
  return { status: response.status, body: payload as T };
}

export const UPLOAD_TIMEOUT_MS = 120_000;

/** POSTs a multipart form, reporting progress from 0 to 100 (XMLHttpRequest: fetch cannot report uploads). */
export function apiUpload<T>(path: string, form: FormData, onProgress: (percent: number) => void = () => {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1${path}`);
    request.withCredentials = true;
    request.responseType = 'json';
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      // Spec §4: an upload succeeded on 200 or 201; any other success status is reported as it is.
      if (request.status === 200 || request.status === 201) {
        onProgress(100);
        resolve(request.response as T);
      } else if (request.status >= 200 && request.status < 300) {
        reject(new ApiError(request.status, request.statusText || `HTTP ${request.status}`, {}, 'status'));
      } else {
        reject(errorFromAnswer(request.status, request.statusText, request.response));
      }
    };
    request.onerror = () => reject(new ApiError(0, 'Network Error', {}, 'network'));
    request.ontimeout = () => reject(new ApiError(0, 'Timeout', {}, 'timeout'));
    request.send(form);
  });
}
