import { messages } from './messages.ts';

/** What the browser knows of a failed call; the HTTP client fills it in. */
export interface FailedCall {
  online: boolean;
  response?: { status?: number; statusText?: string; data?: unknown };
  /** The raw error text when no response came back. */
  rawError: string;
}

/**
 * Spec section 8, the error catalogue. Order: offline, then no response, then the gateway
 * statuses (their bodies come from a proxy, not from us), then our own JSON body's message,
 * then status-based fallbacks. See docs/decisions/platform.md (Foundation).
 */
export function describeFailedCall(call: FailedCall): string {
  if (!call.online) return messages.offline;
  const response = call.response;
  if (!response) return call.rawError;
  const status = response.status;
  if (status === 504) return messages.gatewayTimeout;
  if (status === 502) return messages.badGateway;
  if (response.data !== null && typeof response.data === 'object') {
    const message = (response.data as { message?: unknown }).message;
    return typeof message === 'string' && message.length > 0 ? message : messages.bodyWithoutMessage;
  }
  if (status === undefined || status === 0) return messages.noStatus;
  if (status === 500) return messages.internalServerError;
  return response.statusText || String(status);
}

/** The body of every error the server sends. */
export interface ApiErrorBody {
  status: number;
  message: string;
  /** Field path (dot-joined) -> message. */
  errors?: Record<string, string>;
}
